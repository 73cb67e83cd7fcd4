import { Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, COMPLETION_DAYS, DELIVERY_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const creatorGuidelines: LegalDocument = {
  title: "Creator guidelines",
  lead: (
    <p>
      These guidelines explain how to run commissions on Comet so that clients trust you and orders go smoothly. They
      add practical detail to the <a href="/terms/creators">terms for creators</a>, which take precedence where the two
      differ.
    </p>
  ),
  sections: [
    {
      id: "profile-and-portfolio",
      heading: "Your profile and portfolio",
      body: (
        <ul>
          <li>
            Show only work you made, or made a part of; say which part when you worked with others, and credit them.
          </li>
          <li>
            If you use generative AI anywhere in your process, say so in your profile and in each service it affects.
            Never present generated work as drawn, modelled or performed by hand.
          </li>
          <li>
            Post work made for a client only as the client's publication choice in the request allows (public, final
            only, or private), and never anything the client asked to keep confidential.
          </li>
          <li>Use a handle and name that do not impersonate another person, creator or brand.</li>
        </ul>
      ),
    },
    {
      id: "services-and-forms",
      heading: "Services and commission forms",
      body: (
        <>
          <p>A client should know what they will get before they send a request. In each service or form, say:</p>
          <ul>
            <li>
              what is included (for example bust-up or full body, background, number of characters, rigging scope);
            </li>
            <li>how many revisions are included, and at which stages (rough sketch, line art, colour);</li>
            <li>the files you deliver: formats, size and resolution, layered files or not;</li>
            <li>what uses the price covers (personal use, streaming, commercial use) and what costs more;</li>
            <li>how long the work usually takes, and what you will not draw or make.</li>
          </ul>
          <p>
            A price shown with a tilde (~) is a starting price. If the final price depends on the request, say what
            changes it. Your terms are shown to the client, who must accept them before sending a request, and they
            become part of your agreement with that client.
          </p>
        </>
      ),
    },
    {
      id: "handling-requests",
      heading: "Handling requests",
      body: (
        <ul>
          <li>
            Accept or decline each request within {APPROVAL_DAYS} days. A request left unanswered is canceled by itself,
            and the client will have waited a week for nothing.
          </li>
          <li>Accept only work you can deliver in time. Set an estimated start and delivery date when you accept.</li>
          <li>
            If the price needs to change, change it before you accept, or before the client pays, and explain why in the
            chat. After payment the price cannot change.
          </li>
          <li>Decline politely when a request is outside what you do. You do not have to give a reason.</li>
          <li>Close your commissions on your profile when you cannot take new work.</li>
        </ul>
      ),
    },
    {
      id: "communication",
      heading: "Talking with clients",
      body: (
        <ul>
          <li>
            Use the order's chat for everything about the order, so both of you, and Comet if needed, can see what was
            agreed.
          </li>
          <li>
            Choose how the client may reply (unlimited, once per message, or not at all) to suit your way of working,
            and tell the client which you use.
          </li>
          <li>Share progress at the stages you promised, and tell the client early if you will be late.</li>
          <li>
            Never ask to be paid outside Comet, and do not move the order to another service. Payments made outside
            Comet are not protected, and asking for them can lead to suspension.
          </li>
          <li>Be courteous. Harassment, threats or discriminatory remarks are not tolerated.</li>
        </ul>
      ),
    },
    {
      id: "delivering",
      heading: "Delivering",
      body: (
        <ul>
          <li>
            Upload the finished files on the order's page and press Deliver before the delivery deadline (the estimated
            delivery date you set, or {DELIVERY_DAYS} days after payment). After the deadline the client may cancel and
            is refunded in full.
          </li>
          <li>Deliver the formats and sizes your service promised. Check that every file opens before you deliver.</li>
          <li>
            After delivery you can still add a missing file, but not remove one. The order completes when you press
            Complete or {COMPLETION_DAYS} days after delivery, whichever comes first, and you are paid then.
          </li>
        </ul>
      ),
    },
    {
      id: "rights",
      heading: "Rights and credit",
      body: (
        <ul>
          <li>
            You keep the copyright in your work unless you agree otherwise in writing. The client may use the work as
            the request and your terms allow (the usage they chose: personal, or a kind of commercial use).
          </li>
          <li>
            Fan art and other derivative work must follow the rights holder's guidelines (二次創作ガイドライン). Do not
            accept a request that would infringe someone else's rights, such as copying another creator's work or style
            sheet.
          </li>
          <li>Use the client's reference material only for their order.</li>
        </ul>
      ),
    },
    {
      id: "not-allowed",
      heading: "What is not allowed",
      body: (
        <>
          <ul>
            <li>anything illegal where you or the client live, or in Japan;</li>
            <li>sexual content involving minors, or characters presented as minors, in any form;</li>
            <li>sexual or defamatory content about real people, and content made to harass someone;</li>
            <li>work that infringes copyright, trademarks or publicity rights, or that is traced from others' work;</li>
            <li>hate speech, and content glorifying violence against a group;</li>
            <li>
              payment outside Comet, fake requests to raise your numbers, and more than one account to avoid a
              restriction.
            </li>
          </ul>
          <p>
            Adult (R-18) commissions:{" "}
            <Fill>
              [Operator: decide whether adult commissions are allowed, how they are labelled with content ratings, and
              who may see them; card networks' and Stripe's rules apply]
            </Fill>
            .
          </p>
          <ReviewNote>
            Note for review: Stripe's restricted businesses list limits some adult content; the rule chosen here must
            match the Stripe account's approval.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "enforcement",
      heading: "When guidelines are broken",
      body: (
        <p>
          Depending on how serious it is, Comet may ask you to change a listing, hide content, cancel an order (the
          client is refunded), restrict new requests, or suspend or close your account, as the{" "}
          <a href="/terms/creators">terms for creators</a> describe. Report a problem to{" "}
          <Fill>[support e-mail address]</Fill>.
        </p>
      ),
    },
  ],
};

export default creatorGuidelines;
