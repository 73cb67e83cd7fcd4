import { Facts, Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const clientCommercialTransactions: LegalDocument = {
  title: "特定商取引法に基づく表記（依頼者向け）",
  lead: <p>Cometで依頼し、お支払いいただく作品の制作（通信販売）について、特定商取引法に基づき表示します。</p>,
  sections: [
    {
      id: "particulars",
      heading: "表示事項",
      body: (
        <>
          <Facts
            items={[
              ...operatorFacts,
              [
                "販売価格",
                "各サービス・依頼フォーム・依頼の詳細画面に表示する金額（消費税込み）。最終的な金額はクリエイターが依頼の承認時に確定し、お支払い前に依頼の詳細画面に表示します。",
              ],
              [
                "商品代金以外の必要料金",
                "インターネット接続料金・通信料金はお客様のご負担となります。米ドル建ての依頼では、カード会社が為替手数料を請求する場合があります。依頼者にCometの手数料はかかりません。",
              ],
              ["支払方法", `クレジットカード・デビットカード（${CARD_BRANDS}）。決済はStripeが処理します。`],
              [
                "支払時期",
                `クリエイターが依頼を承認した後、${PAYMENT_DAYS}日以内。お支払いの操作をした時点でカードに請求されます。引き落とし日はカード会社の規約によります。`,
              ],
              [
                "引渡時期",
                `依頼の納品期限まで（クリエイターが設定した納品予定日、又はお支払いから${DELIVERY_DAYS}日後）。`,
              ],
              ["引渡方法", "デジタルデータとして、Cometの依頼の詳細画面からダウンロードしていただきます。"],
              [
                "申込みの有効期限",
                `クリエイターが${APPROVAL_DAYS}日以内に承認しない依頼は失効します。承認後${PAYMENT_DAYS}日以内にお支払いがない依頼はキャンセルされます。`,
              ],
              [
                "返品・キャンセル",
                <>
                  <p>
                    お支払い前に料金は発生しません。お支払い後にクリエイターがキャンセルした場合、又は納品期限までに納品されず依頼者がキャンセルした場合は、全額をカードに返金します。
                  </p>
                  <p>
                    返品特約：作品は受注制作であり、デジタルデータで納品されるため、納品後のお客様のご都合によるキャンセル・返品・返金はお受けできません。作品が合意内容と明らかに異なる場合は、取引の完了（納品から
                    {COMPLETION_DAYS}日後）までに、依頼のチャットでクリエイターに、あわせて当社にご連絡ください。
                  </p>
                </>,
              ],
              [
                "クリエイターに関する表示",
                "作品は、依頼の詳細画面に表示されるクリエイターが制作します。事業として販売するクリエイターの氏名・住所・電話番号は、ご請求があれば遅滞なく開示します。",
              ],
              ["動作環境", <Fill>【推奨ブラウザ（例：Chrome、Safari、Firefox、Edgeの最新版）】</Fill>],
            ]}
          />
          <ReviewNote>
            確認事項：依頼者の支払いは当社のStripeアカウントで決済されます（separate charges and
            transfers）。販売業者として当社・各クリエイターのいずれ（又は双方）を表示すべきか、及びクリエイターの表示事項の開示方法をご確認ください。
          </ReviewNote>
        </>
      ),
    },
  ],
};

export default clientCommercialTransactions;
