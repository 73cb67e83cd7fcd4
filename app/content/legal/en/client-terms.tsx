import { Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const clientTerms: LegalDocument = {
  title: "Terms of service for clients",
  lead: (
    <p>
      These terms apply when you use Comet to commission work from a creator. Comet is operated by{" "}
      <Fill>[Operator's legal name]</Fill> ("we", "us"). Please read them with the{" "}
      <a href="/guidelines/clients">client guidelines</a> and the <a href="/privacy">privacy policy</a>.
    </p>
  ),
  sections: [
    {
      id: "scope",
      heading: "1. Scope and agreement",
      body: (
        <ol>
          <li>
            These terms govern your use of Comet (the website and services at <Fill>[service address]</Fill>) as a
            client, meaning anyone who sends a request to a creator or pays for an order.
          </li>
          <li>By creating an account or sending a request you agree to these terms.</li>
          <li>
            The terms a creator shows on a service or commission form ("creator's terms") also apply to that order. If
            they conflict with these terms, these terms prevail.
          </li>
        </ol>
      ),
    },
    {
      id: "accounts",
      heading: "2. Accounts",
      body: (
        <ol>
          <li>
            You sign in with a one-time code sent to your e-mail address. Keep access to that address secure: anyone who
            can read it can sign in as you.
          </li>
          <li>Give true information, and keep one account per person.</li>
          <li>If you are under 18, you need the consent of a parent or guardian to use Comet and to pay for orders.</li>
        </ol>
      ),
    },
    {
      id: "role-of-comet",
      heading: "3. What Comet does",
      body: (
        <>
          <ol>
            <li>
              Comet provides the place where clients and creators meet, the tools to request, discuss and deliver work,
              and payment processing for orders.
            </li>
            <li>
              The contract for the work itself (the "commission") is made between you and the creator. The creator is
              responsible for making and delivering the work.
            </li>
            <li>
              We receive your payment on the creator's behalf and pass it to the creator, less our fee, when the order
              completes. Once you have paid us, you have paid the creator.
            </li>
          </ol>
          <ReviewNote>
            Note for review: the card is charged on the operator's Stripe account and the creator's share is transferred
            when the order completes (separate charges and transfers). Confirm that this "agent for receipt" (代理受領)
            structure is how the operator wants to be described, and how it bears on who the seller is under the Act on
            Specified Commercial Transactions and the Payment Services Act.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "requests",
      heading: "4. Requests and when a commission is agreed",
      body: (
        <ol>
          <li>
            You send a request through a creator's service or commission form: you answer its questions, accept the
            creator's terms and register a card.
          </li>
          <li>
            The commission is agreed when the creator accepts your request. The creator may decline it, and a request
            not accepted within {APPROVAL_DAYS} days lapses.
          </li>
          <li>
            Before accepting, the creator may set the final price. The price you pay is shown on the order before you
            pay.
          </li>
        </ol>
      ),
    },
    {
      id: "payment",
      heading: "5. Price and payment",
      body: (
        <ol>
          <li>Prices are set by creators, in yen or US dollars, and include consumption tax.</li>
          <li>
            You pay by credit or debit card ({CARD_BRANDS}), processed by Stripe. You are charged when you press Pay on
            the order.
          </li>
          <li>
            Pay within {PAYMENT_DAYS} days of the creator's acceptance. An order not paid in time is canceled, and
            nothing is charged.
          </li>
          <li>
            The creator may change the price until you pay; you are then asked to pay the new price. After payment the
            price does not change.
          </li>
          <li>
            Comet charges clients no fee. Amounts shown in a currency other than the order's are approximations; your
            card issuer may charge for currency conversion.
          </li>
        </ol>
      ),
    },
    {
      id: "delivery",
      heading: "6. Making, delivery and completion",
      body: (
        <ol>
          <li>
            The creator delivers the work as files on the order's page by the delivery deadline: the estimated delivery
            date the creator set, or {DELIVERY_DAYS} days after payment if none is set.
          </li>
          <li>
            Please check the delivered files promptly, and tell the creator in the order's chat if something is missing
            or differs from what was agreed. The creator may add files after delivery.
          </li>
          <li>
            The order completes when the creator marks it complete, or automatically {COMPLETION_DAYS} days after
            delivery. Your payment is then released to the creator.
          </li>
        </ol>
      ),
    },
    {
      id: "cancellations-and-refunds",
      heading: "7. Cancellations and refunds",
      body: (
        <>
          <ol>
            <li>Before you pay, no charge is made, whether the request is declined, lapses or is canceled.</li>
            <li>If the creator cancels an order you have paid for, the full amount is refunded.</li>
            <li>
              If the work has not been delivered by the delivery deadline, you may cancel the order on its page, and the
              full amount is refunded.
            </li>
            <li>
              Because each work is made to order and delivered as digital data, an order cannot be canceled or refunded
              after delivery for a change of mind. This is a special condition on returns for the purposes of the Act on
              Specified Commercial Transactions.
            </li>
            <li>
              If the delivered work clearly does not match what was agreed and you cannot settle it with the creator,
              contact us before the order completes.{" "}
              <Fill>
                [Operator: how disputes are reviewed, and what remedies (a partial or full refund, a redelivery) may be
                decided]
              </Fill>
              .
            </li>
            <li>
              Refunds go back to the card you paid with, in the order's currency. When the money appears depends on your
              card issuer. We do not cover differences caused by exchange rates.
            </li>
            <li>
              A payment that reaches an order which can no longer accept it (for example, one already canceled) is
              refunded in full automatically.
            </li>
          </ol>
          <ReviewNote>
            Note for review: the app lets the client cancel only a paid order whose delivery deadline has passed; other
            cancellations after payment are made by the creator. Check the "change of mind" clause against the Consumer
            Contract Act (消費者契約法) and the Civil Code's rules on non-conformity (契約不適合責任).
          </ReviewNote>
        </>
      ),
    },
    {
      id: "chargebacks",
      heading: "8. Chargebacks",
      body: (
        <>
          <ol>
            <li>
              If something is wrong with an order, please ask us first, on the order's page or at{" "}
              <Fill>[support e-mail address]</Fill>, before you ask your card issuer to reverse the payment (a
              "chargeback"). A cancellation, a refund or a dispute with the creator (section 7) is settled far sooner
              than a card issuer decides a chargeback.
            </li>
            <li>
              If your card issuer opens a chargeback, we and the creator are told, and the order's page says so. While
              it is open, the creator's payouts for the order that have not yet been sent wait.
            </li>
            <li>
              We answer a chargeback with the order's record, sent to your card issuer through Stripe: your request and
              your acceptance of these terms, the order's chat, what was delivered and when, and your downloads of the
              delivered files.
            </li>
            <li>
              If your card issuer decides for you, it returns the payment to your card, and we do not refund the order a
              second time. If it decides against you, the payment stands.
            </li>
            <li>
              A chargeback of a payment you made, for work you received, breaks these terms (section 10) and may lead us
              to suspend your account.
            </li>
          </ol>
          <ReviewNote>
            Note for review: this follows the operator's chargeback policy (decision 103). Check that asking the client
            to contact Comet first reads as a request, not a condition on the cardholder's rights under the card
            networks' rules and the Installment Sales Act (割賦販売法), and check the last item against the Consumer
            Contract Act.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "rights",
      heading: "9. Rights in the work",
      body: (
        <ol>
          <li>
            Copyright in the work stays with the creator, unless you and the creator agree otherwise in writing. The
            creator's moral rights (著作者人格権) are not transferred.
          </li>
          <li>
            Once the order completes, you may use the work for the uses chosen in your request and allowed by the
            creator's terms. Any other use, including commercial use not agreed, resale, or training AI models, needs
            the creator's consent.
          </li>
          <li>
            The creator may show the work in their portfolio as your choice in the request allows (public, final only,
            or private).
          </li>
          <li>
            You confirm that you may share the material you send the creator (references, character designs, files), and
            allow the creator and us to use it for your order.
          </li>
        </ol>
      ),
    },
    {
      id: "prohibited",
      heading: "10. Prohibited conduct",
      body: (
        <>
          <p>You must not:</p>
          <ul>
            <li>
              break the law, or request content the <a href="/guidelines/clients#not-allowed">client guidelines</a> do
              not allow;
            </li>
            <li>pay or ask to pay a creator outside Comet for work found on Comet;</li>
            <li>infringe the rights of creators or others, or harass, threaten or deceive anyone;</li>
            <li>
              use someone else's card or account, or make a chargeback for a payment you made and received the work for;
            </li>
            <li>
              interfere with Comet's systems, collect data from it by automated means, or get around a restriction.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "suspension",
      heading: "11. Suspension and closing accounts",
      body: (
        <ol>
          <li>
            If you break these terms, we may, without prior notice where necessary, remove content, cancel open orders,
            or suspend or close your account. A closed account can still read these terms and our policies.
          </li>
          <li>
            You may ask us to close your account at any time at <Fill>[support e-mail address]</Fill>. Open orders must
            be completed or canceled first.
          </li>
        </ol>
      ),
    },
    {
      id: "service-changes",
      heading: "12. Changes to and interruptions of the service",
      body: (
        <p>
          We may change, pause or end parts of Comet. We will try to give notice in advance, except in urgent cases such
          as maintenance, failures of our providers, or security incidents. If we end the service, we will let open
          orders finish or refund them.
        </p>
      ),
    },
    {
      id: "liability",
      heading: "13. Disclaimer and limitation of liability",
      body: (
        <ol>
          <li>
            We do not guarantee a creator's work, its quality, or that it meets your purpose; the creator is responsible
            for it.
          </li>
          <li>
            If we are liable to you because of our ordinary negligence, our liability is limited to the amount you paid
            for the order concerned.
          </li>
          <li>
            Nothing in these terms excludes or limits liability that cannot be excluded by law, including our liability
            for intent or gross negligence, or your rights under the Consumer Contract Act.
          </li>
        </ol>
      ),
    },
    {
      id: "privacy",
      heading: "14. Personal information",
      body: (
        <p>
          We handle personal information as described in the <a href="/privacy">privacy policy</a>.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "15. Changes to these terms",
      body: (
        <p>
          We may change these terms where the change is in users' general interest or is reasonable in light of the
          purpose of the agreement (Civil Code, article 548-4). We will announce the change, its content and the date it
          takes effect on Comet in advance.
        </p>
      ),
    },
    {
      id: "law",
      heading: "16. Governing law, courts and language",
      body: (
        <ol>
          <li>These terms are governed by the laws of Japan.</li>
          <li>
            The <Fill>[Tokyo District Court]</Fill> has exclusive jurisdiction in the first instance, except where the
            law of the country you live in gives you the right to bring or defend a claim there.
          </li>
          <li>These terms are written in Japanese and English. If the two differ, the Japanese version prevails.</li>
        </ol>
      ),
    },
    {
      id: "contact",
      heading: "17. Contact",
      body: (
        <p>
          <Fill>[Operator's legal name]</Fill>, <Fill>[registered address]</Fill>. E-mail:{" "}
          <Fill>[support e-mail address]</Fill>.
        </p>
      ),
    },
    {
      id: "effective",
      heading: "Supplementary provision",
      body: (
        <p>
          These terms take effect on <Fill>[effective date]</Fill>.
        </p>
      ),
    },
  ],
};

export default clientTerms;
