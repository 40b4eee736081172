import { NotFound } from "~/components/errors/not-found";

/** Any path no route claims: a real 404 status with the not-found page. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
