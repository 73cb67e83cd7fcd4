import { Fill, ReviewNote } from "../blocks";
import {
  APPROVAL_DAYS,
  COMPLETION_DAYS,
  DELIVERY_DAYS,
  FEE_EXAMPLE,
  FEE_PERCENT,
  MIN_PRICE,
  TAX_PERCENT,
} from "../facts";
import type { LegalDocument } from "../legal-document";

const creatorTerms: LegalDocument = {
  title: "Terms of service for creators",
  lead: (
    <p>
      These terms apply when you offer commissions on Comet. Comet is operated by <Fill>[Operator's legal name]</Fill>{" "}
      ("we", "us"). The <a href="/terms/clients">terms for clients</a> also apply to you where you act as a client, and
      their articles on accounts, suspension, liability, changes and governing law apply to creators as well. Please
      read them with the <a href="/guidelines/creators">creator guidelines</a>.
    </p>
  ),
  sections: [
    {
      id: "becoming-a-creator",
      heading: "1. Becoming a creator",
      body: (
        <ol>
          <li>You become a creator by joining as a creator from your dashboard, and agreeing to these terms.</li>
          <li>
            To be paid you need a Stripe connected account. You open it through Comet and give Stripe the identity, tax
            and bank details it asks for. By doing so you agree to the{" "}
            <a href="https://stripe.com/connect-account/legal" rel="noopener">
              Stripe Connected Account Agreement
            </a>
            .
          </li>
          <li>If you are under 18, you need the consent of a parent or guardian to sell on Comet.</li>
          <li>
            If you sell as a business, you are responsible for the notices the law requires of you as a seller,
            including under the Act on Specified Commercial Transactions.
          </li>
        </ol>
      ),
    },
    {
      id: "listings",
      heading: "2. Services, commission forms and your terms",
      body: (
        <ol>
          <li>
            Describe what you offer truthfully: what is included, the price or starting price, the files you deliver,
            the uses allowed and the usual time needed.
          </li>
          <li>
            The terms you show on a service or form become part of your agreement with the client who accepts them. They
            may not take away a client's rights under the terms for clients or the law.
          </li>
          <li>
            You may open or close commissions, and change listings, at any time; orders already agreed are not affected.
          </li>
        </ol>
      ),
    },
    {
      id: "orders",
      heading: "3. Accepting requests",
      body: (
        <ol>
          <li>
            Accept or decline each request within {APPROVAL_DAYS} days. A request you do not answer in time is canceled
            automatically.
          </li>
          <li>
            The commission is agreed when you accept. You may set the final price before accepting; an order's total
            must be more than {MIN_PRICE} in its currency.
          </li>
          <li>
            You may change the price until the client pays; the client is then asked to pay the new price. After payment
            the price is fixed.
          </li>
        </ol>
      ),
    },
    {
      id: "delivery",
      heading: "4. Making and delivering the work",
      body: (
        <ol>
          <li>Make the work yourself, as described in your listing and agreed in the order's chat.</li>
          <li>
            Deliver it as files on the order's page by the delivery deadline: the estimated delivery date you set, or{" "}
            {DELIVERY_DAYS} days after payment if none is set. Do not deliver through other services.
          </li>
          <li>
            After delivery you may add missing files but not remove delivered ones. The order completes when you mark it
            complete, or automatically {COMPLETION_DAYS} days after delivery.
          </li>
        </ol>
      ),
    },
    {
      id: "cancellations",
      heading: "5. Cancellations and refunds",
      body: (
        <ol>
          <li>You may decline a request, or cancel an order before delivery.</li>
          <li>If you cancel an order the client has paid for, the client is refunded in full and no payout is made.</li>
          <li>If you do not deliver by the delivery deadline, the client may cancel and is refunded in full.</li>
          <li>
            Frequent cancellations after acceptance, or late deliveries, may lead us to limit new requests to you.
          </li>
        </ol>
      ),
    },
    {
      id: "fees-and-payouts",
      heading: "6. Fees and payouts",
      body: (
        <>
          <ol>
            <li>
              Our service fee is {FEE_PERCENT}% of your earnings on each completed order. Your earnings are the order's
              total less the {TAX_PERCENT}% consumption tax included in it and less the fee; the fee is taken from the
              payout.
            </li>
            <li>
              For example, on an order totalling ¥{FEE_EXAMPLE.total}: the consumption tax included is ¥
              {FEE_EXAMPLE.tax}, your earnings are ¥{FEE_EXAMPLE.income}, our fee is ¥{FEE_EXAMPLE.fee}, and you are
              paid ¥{FEE_EXAMPLE.payout} (your earnings and the consumption tax, which you account for). The wallet and
              the sales history show these amounts for every order.
            </li>
            <li>
              When an order completes, your payout is sent to your Stripe connected account, once Stripe allows your
              account to receive payouts; until then it is held and shown in your wallet. Stripe pays your balance out
              to your bank on its schedule.
            </li>
            <li>No fee is charged on orders that are canceled and refunded.</li>
            <li>
              Bank transfer and currency conversion charges:{" "}
              <Fill>[Operator: who bears Stripe's payout and conversion charges]</Fill>.
            </li>
            <li>If a client's card payment is reversed (a chargeback), section 7 says what happens to your payouts.</li>
          </ol>
          <ReviewNote>
            Note for review: the fee rate is read from the fee table (currently 1036 ten-thousandths). Confirm whether
            the fee is stated including or excluding consumption tax, and how qualified invoices (適格請求書) for the
            fee and for the creator's sales are handled under the invoice system.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "chargebacks",
      heading: "7. Chargebacks",
      body: (
        <>
          <ol>
            <li>
              A client's card issuer may reverse the card payment for an order (a "chargeback"), sometimes weeks after
              the order completed. We tell you by notification and e-mail, and the order's page says so.
            </li>
            <li>
              While a chargeback is open, your payouts for that order that have not yet been sent wait. They go ahead if
              the chargeback is decided for the payment.
            </li>
            <li>
              We answer every chargeback ourselves with the order's record: the client's request and their acceptance of
              the terms, the order's chat, what you delivered and when, and the client's downloads. Keep an order's
              conversation and deliveries on Comet: they are the record we can send.
            </li>
            <li>
              If a chargeback is lost and the work reached the client through Comet before their card issuer was asked
              (the order was delivered, or a stage of it approved, before the chargeback opened), we bear the loss and
              your payouts are not affected.
            </li>
            <li>
              Otherwise the loss is yours, up to what you have not yet been paid for the order: those payouts are
              withheld. What was already sent to you for the order is never taken back.
            </li>
          </ol>
          <ReviewNote>
            Note for review: this allocation is the operator's choice (decision 103). Confirm it against the
            agent-for-receipt structure of the client terms (a client's payment to us counts as paid to the creator),
            and against the Freelance Act (フリーランス・事業者間取引適正化等法) and the Subcontract Act on withholding
            a creator's pay for a reason not attributable to them.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "taxes",
      heading: "8. Taxes",
      body: (
        <p>
          You are responsible for declaring and paying the income tax and consumption tax on your sales. We may ask for
          the information the law requires us to report, and Stripe may ask for tax details for your connected account.
        </p>
      ),
    },
    {
      id: "rights",
      heading: "9. Rights in your work",
      body: (
        <ol>
          <li>You keep the copyright in your work unless you agree otherwise in writing with the client.</li>
          <li>
            When an order completes, the client may use the work as their request and your terms allow. You will not
            assert your moral rights against that agreed use.
          </li>
          <li>
            You allow us to show your profile, listings and portfolio on Comet and to use them, unaltered, to present
            Comet (for example on our pages and social accounts), free of charge, while they are public on Comet.
          </li>
          <li>
            You confirm that your work and listings are your own, do not infringe anyone's rights, and disclose any use
            of generative AI, as the creator guidelines ask.
          </li>
          <li>You may show work made for a client in your portfolio only as the client's publication choice allows.</li>
        </ol>
      ),
    },
    {
      id: "prohibited",
      heading: "10. Prohibited conduct",
      body: (
        <ul>
          <li>taking or asking for payment outside Comet for a client you met on Comet;</li>
          <li>
            listing or delivering content the <a href="/guidelines/creators#not-allowed">creator guidelines</a> do not
            allow;
          </li>
          <li>fake requests or orders, or more than one account to get around a restriction;</li>
          <li>anything prohibited for clients in the terms for clients.</li>
        </ul>
      ),
    },
    {
      id: "suspension",
      heading: "11. Suspension",
      body: (
        <p>
          If you break these terms, we may hide listings, cancel open orders (refunding the clients), withhold the
          payouts of orders affected by the breach while we look into it, and suspend or close your account. Payouts for
          orders you completed in good faith are not withheld.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "12. Contact",
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

export default creatorTerms;
