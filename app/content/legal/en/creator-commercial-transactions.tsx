import { Facts, Fill } from "../blocks";
import { FEE_EXAMPLE, FEE_PERCENT, TAX_PERCENT } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const creatorCommercialTransactions: LegalDocument = {
  title: "Notice under the Act on Specified Commercial Transactions (for creators)",
  lead: (
    <p>
      The particulars Japan's Act on Specified Commercial Transactions (特定商取引法) requires, for the service Comet
      provides to creators: a place to sell commissions, payment collection and payouts, for a fee on each completed
      order. The Japanese version of this notice is the authoritative one.
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "Particulars",
      body: (
        <Facts
          items={[
            ...operatorFacts,
            [
              "Service (役務の内容)",
              "Listing services and commission forms, receiving requests, order chat and delivery, collecting clients' card payments, and paying creators through Stripe.",
            ],
            [
              "Price (販売価格)",
              `A service fee of ${FEE_PERCENT}% of the creator's earnings on each completed order (the order's total less the ${TAX_PERCENT}% consumption tax included and less the fee). Example: on a total of ¥${FEE_EXAMPLE.total}, the fee is ¥${FEE_EXAMPLE.fee} and the payout ¥${FEE_EXAMPLE.payout}. Registering, listing and receiving requests are free.`,
            ],
            [
              "Other charges (商品代金以外の必要料金)",
              <>
                Internet connection and data charges. Payout and currency conversion charges:{" "}
                <Fill>[Operator: who bears them]</Fill>.
              </>,
            ],
            ["Payment method (支払方法)", "Deducted from the client's payment before the payout; no separate payment."],
            ["When the fee is paid (支払時期)", "When the order completes and the payout is made."],
            [
              "When the service is provided (提供時期)",
              "From joining as a creator; payouts once the Stripe connected account can receive them.",
            ],
            [
              "Cancellation (解約・キャンセル)",
              "You may close commissions or stop using Comet at any time; ask us to close your account by e-mail. No fee is charged on orders canceled and refunded. Fees on completed orders are not refunded.",
            ],
            [
              "Environment (動作環境)",
              <Fill>[Supported browsers, e.g. the latest versions of Chrome, Safari, Firefox and Edge]</Fill>,
            ],
          ]}
        />
      ),
    },
  ],
};

export default creatorCommercialTransactions;
