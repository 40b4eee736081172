import type { ReactNode } from "react";
import { IMAGE_SIZES, publicSrcSet } from "../../../server/domain/image-variants";
import { SizedImage } from "~/components/sized-image";

/** The public address of a fan club: its unique path when it has one. */
export function fanclubHref(f: { id: number; uniquePath: string | null }): string {
  return f.uniquePath ? `/@${f.uniquePath}` : `/fanclubs/${f.id}`;
}

/** One fan club in a list: icon (or initial), name, creator, an optional line, and an optional action. */
export function FanclubCard(props: {
  fanclub: { id: number; name: string; creatorName: string; uniquePath: string | null; iconUrl?: string | null };
  /** a fan club on another brand: its front URL, so the link lands on the right host */
  origin?: string;
  details?: ReactNode;
  action?: ReactNode;
}) {
  const f = props.fanclub;
  return (
    <li className="card fanclub-card">
      <a href={`${props.origin ?? ""}${fanclubHref(f)}`}>
        {f.iconUrl ? (
          <SizedImage
            className="avatar"
            src={f.iconUrl}
            srcSet={publicSrcSet(f.iconUrl, "icon")}
            sizes={IMAGE_SIZES.iconCard}
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span className="avatar" aria-hidden="true">
            {f.name.slice(0, 1)}
          </span>
        )}
        <span className="fanclub-card-text">
          <strong>{f.name}</strong>
          <span className="muted small">{f.creatorName}</span>
          {props.details}
        </span>
      </a>
      {props.action}
    </li>
  );
}
