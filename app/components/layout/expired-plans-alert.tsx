import type { RootData } from "~/lib/root-data";

/**
 * spec §2 default layout, §4: the expired-plan alert. Plans whose renewal could not be paid leave
 * by themselves on the 7th; each has a link to the fan club page, which opens the payment modal's
 * expired-plans page. The texts arrive translated with the root data.
 */
export function ExpiredPlansAlert({ alert }: { alert: NonNullable<RootData>["expiredPlanAlert"] }) {
  if (!alert) return null;
  return (
    <div className="flashes">
      <section className="flash flash-warn expired-plans-alert" role="alert" aria-labelledby="expired-plans-alert-title">
        <div>
          <strong id="expired-plans-alert-title">{alert.title}</strong>
          <p>{alert.body}</p>
          <ul>
            {alert.plans.map((p) => (
              <li key={p.id}>
                {p.text} <a href={p.href}>{p.payLabel}</a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
