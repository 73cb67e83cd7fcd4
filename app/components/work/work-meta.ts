// The <meta> of a work's page: its title, and the og: and twitter: tags a shared link unfurls from (issue 13).
import { collapsedText } from "#app/components/catalog/collapsible-text";
import { m } from "#app/paraglide/messages.js";
import type { WorkPage } from "#worker/services/work-page";
import { workPagePath } from "./work-path";

/** Link previews show about this much of a description. */
const OG_DESCRIPTION_LIMIT = 200;

/** Every URL absolute (crawlers do not resolve relative ones); the image is the work's og image, else its first picture. */
export function workMeta(
  work: Pick<WorkPage, "id" | "handle" | "title" | "description" | "ogImageUrl">,
  origin: string,
) {
  const image = work.ogImageUrl ? new URL(work.ogImageUrl, origin).href : null;
  const description = collapsedText(work.description, OG_DESCRIPTION_LIMIT);
  return [
    { title: m.layout_meta_page_title({ page: work.title }) },
    { property: "og:type", content: "article" },
    { property: "og:title", content: work.title },
    { property: "og:url", content: new URL(workPagePath(work.handle, work.id), origin).href },
    ...(description
      ? [
          { property: "og:description", content: description },
          { name: "description", content: description },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: work.title },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
  ];
}
