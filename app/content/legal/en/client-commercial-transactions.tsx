import { Facts, Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const clientCommercialTransactions: LegalDocument = {
  title: "Notice under the Act on Specified Commercial Transactions (for clients)",
  lead: (
    <p>
      The particulars Japan's Act on Specified Commercial Transactions (特定商取引法) requires for mail-order sales, for
      commissions ordered and paid for on Comet. The Japanese version of this notice is the authoritative one.
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "Particulars",
      body: (
        <>
          <Facts
            items={[
              ...operatorFacts,
              [
                "Price (販売価格)",
                "The amount shown on each service, commission form and order, including consumption tax. The creator confirms the final price when accepting the request; it is shown on the order before you pay.",
              ],
              [
                "Other charges (商品代金以外の必要料金)",
                "Your internet connection and data charges. For orders in US dollars, your card issuer may charge for currency conversion. Comet charges clients no fee.",
              ],
              ["Payment method (支払方法)", `Credit or debit card (${CARD_BRANDS}), processed by Stripe.`],
              [
                "When you pay (支払時期)",
                `After the creator accepts the request, within ${PAYMENT_DAYS} days. The card is charged when you press Pay; when the amount is debited depends on your card issuer.`,
              ],
              [
                "When the work is provided (引渡時期)",
                `By the order's delivery deadline: the estimated delivery date the creator set, or ${DELIVERY_DAYS} days after payment.`,
              ],
              ["How the work is provided (引渡方法)", "As digital files, downloaded from the order's page on Comet."],
              [
                "Validity of a request (申込みの有効期限)",
                `A request lapses if the creator does not accept it within ${APPROVAL_DAYS} days; an accepted order is canceled if it is not paid within ${PAYMENT_DAYS} days.`,
              ],
              [
                "Cancellations and returns (返品・キャンセル)",
                <>
                  <p>
                    Nothing is charged before payment. If the creator cancels after payment, or the work is not
                    delivered by the delivery deadline and you cancel, the full amount is refunded to your card.
                  </p>
                  <p>
                    Special condition on returns (返品特約): because each work is made to order and delivered as digital
                    data, orders cannot be canceled, returned or refunded after delivery for a change of mind. If the
                    work clearly differs from what was agreed, contact the creator in the order's chat, and us, before
                    the order completes ({COMPLETION_DAYS} days after delivery).
                  </p>
                </>,
              ],
              [
                "Creators (クリエイターに関する表示)",
                "The work is made by the creator named on the order. Where a creator sells as a business, their name, address and telephone number are disclosed without delay on request.",
              ],
              [
                "Environment (動作環境)",
                <Fill>[Supported browsers, e.g. the latest versions of Chrome, Safari, Firefox and Edge]</Fill>,
              ],
            ]}
          />
          <ReviewNote>
            Note for review: the operator's Stripe account takes the client's payment (separate charges and transfers).
            Confirm whether the operator, each creator, or both must be shown as the seller (販売業者), and how
            creators' particulars are disclosed.
          </ReviewNote>
        </>
      ),
    },
  ],
};

export default clientCommercialTransactions;
