import { Facts, Fill } from "../blocks";
import { FEE_EXAMPLE, FEE_PERCENT, TAX_PERCENT } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const creatorCommercialTransactions: LegalDocument = {
  title: "特定商業交易法相關標示（創作者）",
  lead: (
    <p>
      本頁依日本「特定商業交易法」（特定商取引法）之規定，就Comet向創作者提供的服務（提供銷售委託的平台、代收價款及撥付報酬；每筆已完成的訂單收取手續費）進行標示。本繁體中文版僅為便於閱讀而提供之譯文，如與日文版有任何歧異，以日文版為準。
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "標示事項",
      body: (
        <Facts
          items={[
            ...operatorFacts,
            [
              "服務內容（役務の内容）",
              "刊登服務及委託表單、受理委託請求、各訂單的聊天與交付、透過委託人的信用卡付款代收價款，以及透過Stripe撥款給創作者。",
            ],
            [
              "銷售價格（販売価格）",
              `每筆已完成的訂單，收取創作者收入的${FEE_PERCENT}%作為服務使用費（創作者收入係指訂單合計金額扣除其中所含${TAX_PERCENT}%消費稅相當額及手續費後的金額）。例：合計金額為${FEE_EXAMPLE.total}日圓時，手續費為${FEE_EXAMPLE.fee}日圓，撥款金額為${FEE_EXAMPLE.payout}日圓。註冊、刊登及受理委託請求均免費。`,
            ],
            [
              "商品價款以外的必要費用（商品代金以外の必要料金）",
              <>
                網路連線費及通訊費。匯款手續費及換匯手續費：<Fill>【由營運者填寫：負擔者】</Fill>
              </>,
            ],
            ["付款方式（支払方法）", "於撥款前自委託人支付的價款中扣除（無須另行付款）。"],
            ["付款時期（支払時期）", "訂單交易完成並撥付報酬時。"],
            [
              "服務提供時期（役務の提供時期）",
              "自註冊為創作者時起。報酬的撥付，自Stripe關聯帳戶（連結アカウント）可以收款時起。",
            ],
            [
              "解約及取消（解約・キャンセル）",
              "您可以隨時暫停接稿或停止使用Comet。如欲刪除帳號，請以電子郵件提出申請。已取消並退款的訂單不收取手續費。已完成訂單的手續費恕不退還。",
            ],
            ["使用環境（動作環境）", <Fill>【建議瀏覽器（例：Chrome、Safari、Firefox、Edge的最新版本）】</Fill>],
          ]}
        />
      ),
    },
  ],
};

export default creatorCommercialTransactions;
