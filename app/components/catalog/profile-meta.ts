// The <meta> of a profile's page (issue 62): its title, and the og: tags a shared link unfurls from, in the reader's
// language where a translation is stored (the loader passes the texts as `titleText` gives them). A link that opens a
// service (`?service=`) unfurls as that service.
import { collapsedText } from "#app/components/catalog/collapsible-text";
import { m } from "#app/paraglide/messages.js";

/** Link previews show about this much of a description. */
const OG_DESCRIPTION_LIMIT = 200;

export interface ProfileMetaTexts {
  name: string;
  handle: string;
  bio: string;
  /** The service whose request modal the link opens, when it is this creator's. */
  service: { title: string; description: string } | null;
}

export function profileMeta({ name, handle, bio, service }: ProfileMetaTexts) {
  const profileTitle = `${name} (@${handle})`;
  const title = service ? `${service.title} · ${profileTitle}` : profileTitle;
  const description = collapsedText(service ? service.description : bio, OG_DESCRIPTION_LIMIT);
  return [
    { title: m.layout_meta_page_title({ page: title }) },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: service ? service.title : profileTitle },
    ...(description
      ? [
          { property: "og:description", content: description },
          { name: "description", content: description },
        ]
      : []),
  ];
}
