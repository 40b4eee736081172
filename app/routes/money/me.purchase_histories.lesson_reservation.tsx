import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";

export const clientLoader = withNamespaces(["payments"]);

/**
 * Lesson reservations (spec §2 child of the purchase histories). Reserving a lesson is not open
 * yet (lesson posts show their schedule only), so there is nothing a fan can have reserved; the
 * page says so instead of showing an empty table.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireUser(context.app);
  return { title: translatorFor(context.app.locale, "payments")("histories.tabs.lesson_reservation") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function LessonReservations() {
  const { t } = useTranslation("payments");
  return <p className="empty-state">{t("histories.lessonsNotOpen")}</p>;
}
