import { useEffect } from "react";

/**
 * Counts a visit of the page's form or work once it is shown (`counted` false: not at all). The counter
 * (page-visit-counter.ts) loads then, so the page's start does not wait for it.
 */
export function usePageVisit(
  path: "commission/form" | "portfolio/work",
  modelName: string,
  modelId: string,
  counted = true,
) {
  useEffect(() => {
    if (counted)
      void import("./page-visit-counter").then(({ countPageVisit }) => countPageVisit(path, modelName, modelId));
  }, [path, modelName, modelId, counted]);
}
