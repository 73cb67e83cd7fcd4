import { Fill } from "../blocks";
import { APPROVAL_DAYS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const clientGuidelines: LegalDocument = {
  title: "Client guidelines",
  lead: (
    <p>
      These guidelines help you commission work on Comet and get what you hoped for. They add practical detail to the{" "}
      <a href="/terms/clients">terms for clients</a>, which take precedence where the two differ.
    </p>
  ),
  sections: [
    {
      id: "before-you-request",
      heading: "Before you send a request",
      body: (
        <ul>
          <li>Look through the creator's portfolio: a creator's style is what you are commissioning.</li>
          <li>
            Read the service or form and the creator's terms: what is included, revisions, file formats, uses allowed,
            what they will not make. You accept these terms when you send the request.
          </li>
          <li>
            A price with a tilde (~) is a starting price; the creator confirms the final price when accepting. Prices
            include consumption tax.
          </li>
          <li>Check that the creator is open for commissions and reads the language you will write in.</li>
        </ul>
      ),
    },
    {
      id: "writing-a-request",
      heading: "Writing a good request",
      body: (
        <ul>
          <li>Describe what you want clearly: subject, pose or scene, mood, colours, size, and what it is for.</li>
          <li>
            Attach references you are allowed to share (your own character sheets, photos you took, licensed material).
            Do not ask a creator to copy another artist's work.
          </li>
          <li>
            Say honestly how you will use the work (personal, or which kind of commercial use) and whether the creator
            may publish it. Both change what the creator agrees to, and sometimes the price.
          </li>
          <li>Give a desired delivery date if you have one, with some margin.</li>
        </ul>
      ),
    },
    {
      id: "paying",
      heading: "Paying",
      body: (
        <ul>
          <li>
            You register a card when you send a request, but you are charged only when you pay, after the creator
            accepts.
          </li>
          <li>
            The creator has {APPROVAL_DAYS} days to answer; a request left unanswered is canceled. After acceptance, pay
            within {PAYMENT_DAYS} days; an order not paid in time is canceled and nothing is charged.
          </li>
          <li>
            You pay the total shown on the order, in the order's currency. An amount shown in another currency is an
            approximation; your card issuer may add a conversion fee.
          </li>
          <li>
            Never pay a creator outside Comet. Such payments are not protected and cannot be refunded through Comet.
          </li>
        </ul>
      ),
    },
    {
      id: "working-together",
      heading: "Working with the creator",
      body: (
        <ul>
          <li>The order's chat opens when the creator accepts. Keep everything about the order there.</li>
          <li>
            The creator chooses how clients may reply (unlimited, once per message, or not at all). Respect it, and put
            your feedback in as few, clear messages as you can.
          </li>
          <li>Ask for changes within the revisions the creator's terms include; more may cost more.</li>
          <li>Be courteous, and do not ask for extra work outside the order for free.</li>
        </ul>
      ),
    },
    {
      id: "delivery",
      heading: "Delivery and completion",
      body: (
        <ul>
          <li>
            The creator delivers the files on the order's page by the delivery deadline: the estimated delivery date
            they set, or {DELIVERY_DAYS} days after you paid.
          </li>
          <li>
            Check the files as soon as they arrive. If something is missing or differs from what was agreed, tell the
            creator in the chat straight away: the creator can still add files after delivery.
          </li>
          <li>
            The order completes when the creator marks it complete, or by itself {COMPLETION_DAYS} days after delivery,
            and the creator is paid then. If you cannot settle a problem with the creator, contact us before it
            completes.
          </li>
          <li>
            Download your files and keep your own copy. Delivered files stay available on the order's page for{" "}
            <Fill>[Operator: how long delivered files are kept]</Fill>.
          </li>
        </ul>
      ),
    },
    {
      id: "cancellations",
      heading: "Cancellations and refunds, in short",
      body: (
        <>
          <ul>
            <li>Before the creator accepts, or before you pay: nothing has been charged.</li>
            <li>If the creator cancels after you paid: you get a full refund.</li>
            <li>
              If the work is not delivered by the deadline: you may cancel on the order's page, and get a full refund.
            </li>
            <li>After delivery: the work was made to order, so there is no refund for a change of mind.</li>
          </ul>
          <p>
            The <a href="/terms/clients#cancellations-and-refunds">terms for clients</a> give the full rules.
          </p>
        </>
      ),
    },
    {
      id: "using-the-work",
      heading: "Using the work",
      body: (
        <ul>
          <li>Use the work only as the request and the creator's terms allow. Commercial use needs to be agreed.</li>
          <li>Credit the creator where you publish the work, unless they told you not to.</li>
          <li>
            Do not resell the work, claim you made it, or use it to train AI models, unless the creator has agreed in
            writing.
          </li>
        </ul>
      ),
    },
    {
      id: "not-allowed",
      heading: "What you may not request",
      body: (
        <p>
          The same limits apply to requests as to creators' work: nothing illegal, no sexual content involving minors or
          characters presented as minors, no sexual or defamatory content about real people, nothing that infringes
          others' rights, no hate speech, and no harassment. The{" "}
          <a href="/guidelines/creators#not-allowed">creator guidelines</a> list them in full. Report a problem to{" "}
          <Fill>[support e-mail address]</Fill>.
        </p>
      ),
    },
  ],
};

export default clientGuidelines;
