import { Fill } from "../blocks";
import { APPROVAL_DAYS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const about: LegalDocument = {
  title: "What is Comet?",
  lead: (
    <p>
      Comet is a marketplace for commissioned creative work. Clients anywhere in the world ask creators, many of them in
      Japan, for original illustration, Live2D models, animation, video and audio, and pay by card. The creator is paid
      once the work is delivered and the order is complete.
    </p>
  ),
  sections: [
    {
      id: "what-you-can-commission",
      heading: "What you can commission",
      body: (
        <>
          <p>Creators on Comet take commissions such as:</p>
          <ul>
            <li>
              character illustration, membership and subscriber badges, chat stickers and stamps, logos and graphics;
            </li>
            <li>Live2D characters and rigging, PNGTuber avatars;</li>
            <li>illustration animation, opening and ending animation, original animation and music videos;</li>
            <li>video editing for streams and videos on demand, and music and audio.</li>
          </ul>
          <p>
            Each creator decides what they accept, at what price and on what terms. Their profile shows their portfolio,
            their services and their commission forms.
          </p>
        </>
      ),
    },
    {
      id: "how-it-works",
      heading: "How a commission works",
      body: (
        <ol>
          <li>
            <strong>Find a creator.</strong> Search creators by name, category and price, and read their profile,
            portfolio and terms.
          </li>
          <li>
            <strong>Send a request.</strong> Choose a service or a commission form, answer the creator's questions,
            accept their terms and register a card. Nothing is charged yet.
          </li>
          <li>
            <strong>The creator accepts or declines</strong> within {APPROVAL_DAYS} days. A request that is not answered
            in time is canceled. The creator may adjust the price before accepting.
          </li>
          <li>
            <strong>You pay</strong> by card within {PAYMENT_DAYS} days of the acceptance. An order that is not paid in
            time is canceled, and nothing is charged.
          </li>
          <li>
            <strong>You talk in the order's chat</strong>, which opens when the creator accepts.
          </li>
          <li>
            <strong>The creator delivers</strong> the files on the order's page by the delivery deadline: the estimated
            delivery date the creator set, or {DELIVERY_DAYS} days after payment. If the work is late, you may cancel
            and get a full refund.
          </li>
          <li>
            <strong>The order completes</strong> when the creator marks it complete, or by itself {COMPLETION_DAYS} days
            after delivery. The creator is paid then.
          </li>
        </ol>
      ),
    },
    {
      id: "for-creators",
      heading: "For creators",
      body: (
        <ul>
          <li>
            Show your work in a portfolio, and open services and commission forms with your own questions and prices.
          </li>
          <li>
            Decide which requests to take, set the price and the schedule, and choose how clients may reply in chat.
          </li>
          <li>
            Get paid through Stripe: once an order completes, your earnings are sent to your Stripe account and on to
            your bank. Comet's fee is taken from each completed order; the{" "}
            <a href="/terms/creators">terms for creators</a> say how much.
          </li>
        </ul>
      ),
    },
    {
      id: "prices-and-languages",
      heading: "Prices, currencies and languages",
      body: (
        <>
          <p>
            Creators set prices in yen (JPY) or US dollars (USD). Prices include consumption tax. If you display another
            currency, Comet shows an approximate amount converted at a stored rate; you pay in the order's own currency,
            and your card issuer may convert it.
          </p>
          <p>
            Comet's pages are in English, Japanese, Simplified Chinese, Traditional Chinese and Korean; choose yours in
            the header. What creators and clients write to each other (profiles, requests, chat messages) is
            machine-translated into the reader's language, with the original one click away. A machine translation can
            be wrong: check what matters in the original, and the languages a creator accepts on their profile.
          </p>
        </>
      ),
    },
    {
      id: "safety",
      heading: "Paying safely",
      body: (
        <ul>
          <li>Cards are handled by Stripe. Comet never sees or stores your full card number.</li>
          <li>Your payment reaches the creator only after the order completes.</li>
          <li>
            If the creator cancels after you paid, or does not deliver by the deadline and you cancel, the full amount
            is refunded to your card.
          </li>
          <li>Keep payments and files on Comet: we can only help with what happened on Comet.</li>
        </ul>
      ),
    },
    {
      id: "contact",
      heading: "Contact",
      body: (
        <p>
          Questions about Comet: <Fill>[support e-mail address]</Fill>. Who runs Comet is stated in the{" "}
          <a href="/legal/commercial-transactions/clients">notice under the Act on Specified Commercial Transactions</a>
          .
        </p>
      ),
    },
  ],
};

export default about;
