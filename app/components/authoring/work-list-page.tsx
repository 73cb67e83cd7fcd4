import type { ReactNode } from "react";
import { Link } from "react-router";
import { DashboardPage, EmptyState, buttonLinkClass } from "#app/components/dashboard/dashboard-page";
import { WorkGrid, type WorkCardItem } from "./work-grid";

/** The page's words, made by its loader (work-list-texts.server.ts). */
export interface WorkListTexts {
  title: string;
  intro: string;
  emptyMessage: string;
  emptyDetail: string;
  add: string;
}

/**
 * The one work-list page of the dashboard (the creator's portfolio, their client works, a client's own portfolio):
 * an empty state that offers to add the first work, else the add link and the grid with edit and delete.
 * `children` follow the list (a client's "Made for you").
 */
export function WorkListPage(props: {
  texts: WorkListTexts;
  addTo: string;
  works: WorkCardItem[];
  editPath: (workId: string) => string;
  children?: ReactNode;
}) {
  const { texts } = props;
  const add = { to: props.addTo, label: texts.add };
  return (
    <DashboardPage title={texts.title} intro={texts.intro}>
      {props.works.length === 0 ? (
        <EmptyState message={texts.emptyMessage} detail={texts.emptyDetail} action={add} />
      ) : (
        <>
          <Link to={add.to} className={buttonLinkClass}>
            {add.label}
          </Link>
          <WorkGrid works={props.works} editPath={props.editPath} />
        </>
      )}
      {props.children}
    </DashboardPage>
  );
}
