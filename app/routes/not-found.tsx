import { NotFound } from "~/components/errors/not-found";

const notFound = () => new Response("Not Found", { status: 404 });

/** Any path no route claims: a real 404 status with the not-found page. */
export async function loader() {
  throw notFound();
}

/**
 * A form posted to a path no route claims is as unknown as a visit: the same 404 page, not
 * Remix's 405 for a route without an action (which also logged an error for every such post).
 */
export async function action() {
  throw notFound();
}

export default function CatchAll() {
  return <NotFound />;
}
