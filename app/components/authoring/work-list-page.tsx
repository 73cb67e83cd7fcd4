import type { ReactNode } from "react";
import { Link } from "react-router";
import { DashboardPage, EmptyState, buttonLinkClass } from "~/components/dashboard/dashboard-page";
import type { WorkListItem } from "../../../worker/services/portfolio";
import { WorkGrid } from "./work-grid";

/**
 * The one work-list page of the dashboard (the creator's portfolio, their client works, a client's own portfolio):
 * an empty state that offers to add the first work, else the add link and the grid with edit and delete.
 * `children` follow the list (a client's "Made for you").
 */
export function WorkListPage(props: {
  title: string;
  intro: string;
  empty: { message: string; detail: string };
  add: { to: string; label: string };
  works: WorkListItem[];
  editPath: (workId: string) => string;
  children?: ReactNode;
}) {
  return (
    <DashboardPage title={props.title} intro={props.intro}>
      {props.works.length === 0 ? (
        <EmptyState message={props.empty.message} detail={props.empty.detail} action={props.add} />
      ) : (
        <>
          <Link to={props.add.to} className={buttonLinkClass}>
            {props.add.label}
          </Link>
          <WorkGrid works={props.works} editPath={props.editPath} />
        </>
      )}
      {props.children}
    </DashboardPage>
  );
}
