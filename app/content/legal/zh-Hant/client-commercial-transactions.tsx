import { Facts, Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const clientCommercialTransactions: LegalDocument = {
  title: "特定商業交易法相關標示（委託人）",
  lead: (
    <p>
      本頁依日本「特定商業交易法」（特定商取引法）之規定，就透過Comet委託並付款的作品製作（通訊交易，通信販売）進行標示。本繁體中文版僅為便於閱讀而提供之譯文，如與日文版有任何歧異，以日文版為準。
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "標示事項",
      body: (
        <>
          <Facts
            items={[
              ...operatorFacts,
              [
                "銷售價格（販売価格）",
                "各服務、委託表單及訂單詳情頁所顯示的金額（含消費稅）。最終金額由創作者於接受委託請求時確定，並於付款前顯示在訂單詳情頁。",
              ],
              [
                "商品價款以外的必要費用（商品代金以外の必要料金）",
                "網路連線費及通訊費由您自行負擔。以美元計價的訂單，發卡機構可能收取換匯手續費。Comet不向委託人收取手續費。",
              ],
              ["付款方式（支払方法）", `信用卡、簽帳金融卡（${CARD_BRANDS}）。付款由Stripe處理。`],
              [
                "付款時期（支払時期）",
                `創作者接受委託請求後${PAYMENT_DAYS}日內。您執行付款操作時，即向您的信用卡請款。實際扣款日依發卡機構的約定條款而定。`,
              ],
              ["交付時期（引渡時期）", `訂單的交付截止日期前（創作者設定的預計交付日，或付款後${DELIVERY_DAYS}日）。`],
              ["交付方式（引渡方法）", "以數位資料形式，由您自Comet的訂單詳情頁下載。"],
              [
                "申請的有效期限（申込みの有効期限）",
                `創作者未於${APPROVAL_DAYS}日內接受的委託請求將失效。接受後${PAYMENT_DAYS}日內未付款的訂單將予取消。`,
              ],
              [
                "退貨及取消（返品・キャンセル）",
                <>
                  <p>
                    付款前不會產生任何費用。付款後如創作者取消訂單，或未於交付截止日期前交付而由委託人取消訂單，將全額退款至您的信用卡。
                  </p>
                  <p>
                    退貨特約（返品特約）：作品係接受委託後製作，並以數位資料交付，因此交付後恕不受理因您個人因素提出的取消、退貨或退款。如作品與約定內容明顯不符，請於交易完成（交付後
                    {COMPLETION_DAYS}日）前，透過訂單聊天室聯絡創作者，並同時聯絡營運者。
                  </p>
                </>,
              ],
              [
                "關於創作者的標示（クリエイターに関する表示）",
                "作品由訂單詳情頁所顯示的創作者製作。以營業為目的進行銷售的創作者，其姓名、地址及電話號碼，經請求後將儘速揭露。",
              ],
              ["使用環境（動作環境）", <Fill>【建議瀏覽器（例：Chrome、Safari、Firefox、Edge的最新版本）】</Fill>],
            ]}
          />
          <ReviewNote>
            待確認事項：委託人的付款係透過營運者的Stripe帳戶結算（separate charges and
            transfers）。請確認應將營運者、各創作者中的何者（或雙方）標示為銷售業者（販売業者），以及創作者標示事項的揭露方式。
          </ReviewNote>
        </>
      ),
    },
  ],
};

export default clientCommercialTransactions;
