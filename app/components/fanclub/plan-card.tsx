import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { IMAGE_SIZES, publicSrcSet } from "../../../server/domain/image-variants";
import type { PlanButtonState } from "../../../server/domain/fanclub-rules";
import { SizedImage } from "~/components/sized-image";

/** spec §9: a plan's description is collapsed above 80 px, with 'read more'. */
const COLLAPSE_PX = 80;

export interface PlanCardData {
  id: number;
  name: string;
  price: number;
  description: string;
  iconUrl: string | null;
  button: PlanButtonState;
  /** where the button leads (edit page, login, plan modal) */
  href: string | null;
}

/** spec §2 plan card: name, monthly price tax included, collapsible description, action button. */
export function PlanCard({ plan }: { plan: PlanCardData }) {
  const { t } = useTranslation("fanclub");
  const body = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (body.current) setOverflows(body.current.scrollHeight > COLLAPSE_PX + 1);
  }, [plan.description]);
  const label = t(`planButton.${plan.button}`);
  return (
    <li className="card plan-card" data-plan={plan.name}>
      {plan.iconUrl ? (
        <SizedImage
          className="plan-icon"
          src={plan.iconUrl}
          srcSet={publicSrcSet(plan.iconUrl, "icon")}
          sizes={IMAGE_SIZES.iconPlan}
          width={64}
          height={64}
          loading="lazy"
        />
      ) : null}
      <h3>{plan.name}</h3>
      <p className="plan-price">
        {plan.price === 0 ? t("plan.free") : t("plan.monthly", { price: formatYen(plan.price) })}
        {plan.price === 0 ? null : <span className="muted small"> {t("plan.taxIncluded")}</span>}
      </p>
      {plan.description ? (
        <>
          <div
            ref={body}
            className={open ? "plan-description" : "plan-description is-collapsed"}
            style={open ? undefined : { maxHeight: COLLAPSE_PX }}
          >
            {plan.description}
          </div>
          {overflows ? (
            <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? t("plan.readLess") : t("plan.readMore")}
            </button>
          ) : null}
        </>
      ) : null}
      {plan.href ? (
        <a
          className={plan.button === "edit" || plan.button === "supporting" ? "button button-outline button-block" : "button button-block"}
          href={plan.href}
          data-plan-button={plan.button}
        >
          {label}
        </a>
      ) : (
        <button type="button" className="button button-block" disabled data-plan-button={plan.button}>
          {label}
        </button>
      )}
    </li>
  );
}
