/** The next page of a cursor-paged list (`?before=`), or nothing when the list has no more. */
export function MoreLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null;
  return (
    <p className="center">
      <a className="button button-secondary" href={href}>
        {label}
      </a>
    </p>
  );
}
