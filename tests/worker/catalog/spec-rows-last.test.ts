// Issue 45, "the spec's last rows" (decision 077): the rows that are a component's prop or a constant it uses, rendered
// as the server renders them. The header's logo link (spec section 2: "Logo link to home, or to a given link"), the
// player sizes sm / md / lg (section 2), and the card brands' labels (section 3: visa, mastercard, jcb, amex, diners,
// discover). The rows that are layout or behaviour are measured in the browser (tests/e2e/spec-rows-last.spec.ts).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "#app/components/layout/site-header";
import { MediaPlayerView } from "#app/components/media/players/media-player-view";
import type { PlayerView } from "#app/components/media/players/player-view";
import { CardBrandMark, cardBrandName } from "#app/components/payments/card-brand";
import { QuestionMediaList } from "#app/components/requests/question-media-list";

/** The header as a signed-out visitor's page draws it (on /democreator), with the header's other props as given. */
function headerHtml(props: { logoHref?: string; minimal?: boolean } = {}) {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: ["/democreator"] },
      createElement(SiteHeader, { user: null, locale: "en", host: "comet.test", unreadNotifications: 0, ...props }),
    ),
  );
}

/** The links of some markup that carry `label` as their accessible name, as their href. */
const hrefsLabelled = (html: string, label: string) =>
  [...html.matchAll(/<a\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`aria-label="${label}"`))
    .map((tag) => /href="([^"]*)"/.exec(tag)?.[1]);

describe("the header's logo", () => {
  it("links home by default, to the link it is given otherwise, and is no link at all on the minimal header", () => {
    expect(hrefsLabelled(headerHtml(), "Comet home")).toEqual(["/"]);
    expect(hrefsLabelled(headerHtml({ logoHref: "/explore/creators" }), "Comet home")).toEqual(["/explore/creators"]);
    // The ban page's header: the logo without a link (a link into the site would only bounce back to /ban).
    const minimal = headerHtml({ minimal: true, logoHref: "/explore/creators" });
    expect(hrefsLabelled(minimal, "Comet home")).toEqual([]);
    expect(minimal).toContain("Comet");
  });
});

const IMAGE: PlayerView = {
  kind: "image",
  href: "/media/v1/portfolio-work/w/medias/picture.png",
  thumbnailUrl: null,
  formatType: "FILE",
  siteName: "",
  embed: null,
  width: 1600,
  height: 900,
};

/** The class of the player's outer frame, which sets its size (React may put a picture's preload link before it). */
const frameClass = (html: string) => /<div class="([^"]*)"/.exec(html)?.[1].trim();

describe("player sizes", () => {
  // Tailwind's widths: max-w-xs is 20rem (320 px), max-w-xl 36rem (576 px), max-w-4xl 56rem (896 px). The browser
  // measures lg in the lightbox (spec-rows-layout.spec.ts); no page shows sm, and md only on a form question's media.
  it("sm is at most 320 px wide, md 576 px and lg 896 px, each filling the room up to that; md is the default", () => {
    const player = (size?: "sm" | "md" | "lg") =>
      frameClass(renderToStaticMarkup(createElement(MediaPlayerView, { view: IMAGE, size, title: "Harbour" })));
    expect(player("sm")).toBe("w-full max-w-xs");
    expect(player("md")).toBe("w-full max-w-xl");
    expect(player("lg")).toBe("w-full max-w-4xl");
    expect(player()).toBe("w-full max-w-xl");
  });

  it("a form question's media are drawn at md", () => {
    const html = renderToStaticMarkup(
      createElement(QuestionMediaList, {
        title: "References",
        medias: [{ id: "m1", mediaType: "IMAGE", typeLabel: "Image", view: IMAGE }],
      }),
    );
    expect(html).toContain('<li><div class="w-full max-w-xl ">');
    expect(html).toContain('alt="References"');
  });
});

describe("card brand labels", () => {
  it("name each brand of spec section 3 as its mark reads, and mark it with its short name", () => {
    const brands = ["visa", "mastercard", "jcb", "amex", "diners", "discover"];
    expect(brands.map(cardBrandName)).toEqual([
      "Visa",
      "Mastercard",
      "JCB",
      "American Express",
      "Diners Club",
      "Discover",
    ]);
    const mark = (brand: string) =>
      renderToStaticMarkup(createElement(CardBrandMark, { brand })).replace(/<[^>]+>/g, "");
    expect(brands.map(mark)).toEqual(["VISA", "MC", "JCB", "AMEX", "DC", "DISC"]);
    // Any other brand Stripe may name shows its own name, capitalised.
    expect(cardBrandName("unionpay")).toBe("Unionpay");
  });
});
