import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { UpcomingSection } from "~/components/creator/upcoming-section";
import { withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:sections.lessons" }) };
export const clientLoader = withNamespaces(["creator"]);

/** Lesson reservations come with lesson posts; the page is authorized already (can_lesson_manage). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "manageLessons");
  return { title: translatorFor(context.app.locale, "creator")("sections.lessons") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LessonReserve() {
  return <UpcomingSection section="lessons" />;
}
