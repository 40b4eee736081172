import type { ReactNode } from "react";

/**
 * A creator's list of what their fan club sells (live events, raffles, products): the heading with
 * its actions, an empty state, or a table whose last column holds each row's links.
 */
export function CreatorListPage(props: {
  title: string;
  /** the heading's links (the "new" button first-visible on the right) */
  actions: ReactNode;
  empty: boolean;
  emptyText: string;
  /** the column headings before the row actions' column */
  columns: string[];
  actionsLabel: string;
  /** the table's rows */
  children: ReactNode;
}) {
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{props.title}</h1>
        {props.actions}
      </div>
      {props.empty ? (
        <div className="empty-state">
          <p>{props.emptyText}</p>
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              {props.columns.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{props.actionsLabel}</span>
              </th>
            </tr>
          </thead>
          <tbody>{props.children}</tbody>
        </table>
      )}
    </div>
  );
}
