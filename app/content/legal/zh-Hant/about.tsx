import { Fill } from "../blocks";
import { APPROVAL_DAYS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const about: LegalDocument = {
  title: "什麼是Comet？",
  lead: (
    <p>
      Comet是一個可以向創作者委託插畫、Live2D模型、動畫、影片、音訊等原創作品的市集平台。世界各地的委託人都能以信用卡付款，向日本及其他地區的創作者提出委託。創作者的報酬會在作品交付、交易完成後支付。
    </p>
  ),
  sections: [
    {
      id: "what-you-can-commission",
      heading: "可以委託的內容",
      body: (
        <>
          <p>Comet的創作者接受的委託例如：</p>
          <ul>
            <li>角色插畫、會員／訂閱者徽章、聊天貼圖、Logo及平面設計</li>
            <li>Live2D角色建模（綁定）、PNGTuber頭像</li>
            <li>插畫動畫、OP／ED動畫、原創動畫、MV</li>
            <li>直播及影片用的影片剪輯、音樂與音訊</li>
          </ul>
          <p>接受哪些委託、價格與條件都因創作者而異。您可以在創作者的個人檔案查看其作品集、服務及委託表單。</p>
        </>
      ),
    },
    {
      id: "how-it-works",
      heading: "委託流程",
      body: (
        <ol>
          <li>
            <strong>尋找創作者。</strong>
            依名稱、分類、價格搜尋，並查看創作者的個人檔案、作品集及委託條件。
          </li>
          <li>
            <strong>送出委託請求。</strong>
            選擇服務或委託表單，回答問題、同意創作者的條款並登錄信用卡。此時不會向您請款。
          </li>
          <li>
            <strong>創作者接受或拒絕。</strong>期限為{APPROVAL_DAYS}
            天，期限內未獲回覆的委託請求將會取消。創作者可能會在接受前調整金額。
          </li>
          <li>
            <strong>付款。</strong>請在創作者接受後{PAYMENT_DAYS}
            天內以信用卡付款。期限內未付款的訂單將會取消，不會向您請款。
          </li>
          <li>
            <strong>透過聊天溝通。</strong>每筆訂單的聊天室會在創作者接受時開啟。
          </li>
          <li>
            <strong>收到交付。</strong>創作者會在交付截止日期（創作者設定的預計交付日，或付款後
            {DELIVERY_DAYS}
            天）前，於訂單詳情頁交付檔案。若交付延遲，委託人可以取消訂單並獲得全額退款。
          </li>
          <li>
            <strong>交易完成。</strong>創作者將訂單標記為完成，或交付後經過{COMPLETION_DAYS}
            天自動完成時，創作者即可收到報酬。
          </li>
        </ol>
      ),
    },
    {
      id: "for-creators",
      heading: "給創作者",
      body: (
        <ul>
          <li>您可以用作品集展示作品，並以自訂的問題與價格公開服務及委託表單。</li>
          <li>您可以選擇要接受的委託請求、決定金額與時程，並設定委託人在聊天中的回覆方式。</li>
          <li>
            報酬透過Stripe收取。交易完成後，報酬會撥入您的Stripe帳戶，再轉入您的銀行帳戶。Comet的手續費會從每筆已完成的交易中扣除，費率請參閱
            <a href="/terms/creators">創作者服務條款</a>。
          </li>
        </ul>
      ),
    },
    {
      id: "prices-and-languages",
      heading: "價格、幣別與語言",
      body: (
        <>
          <p>
            創作者以日圓（JPY）或美元（USD）設定價格，價格皆含消費稅。若您選擇了其他顯示幣別，會依已儲存的匯率顯示換算後的概略金額。付款以訂單的幣別進行，發卡機構可能會另行換匯。
          </p>
          <p>
            Comet的介面支援英文、日文、簡體中文、繁體中文及韓文，您可以在頁首切換語言。創作者與委託人彼此撰寫的內容（個人檔案、委託請求、聊天訊息）會以機器翻譯成讀者的語言，點一下即可查看原文。機器翻譯可能有誤，重要內容請以原文為準，並在創作者的個人檔案確認其可使用的語言。
          </p>
        </>
      ),
    },
    {
      id: "safety",
      heading: "安心付款",
      body: (
        <ul>
          <li>信用卡資料由Stripe處理，Comet不會查看或儲存您的卡號。</li>
          <li>您支付的款項會在交易完成後才支付給創作者。</li>
          <li>若創作者在您付款後取消，或超過交付截止日期後由委託人取消，全額將退回您的信用卡。</li>
          <li>請在Comet內完成付款及檔案往來。對於在Comet以外進行的往來，Comet無法提供協助。</li>
        </ul>
      ),
    },
    {
      id: "contact",
      heading: "聯絡我們",
      body: (
        <p>
          有關Comet的問題，請寄至：<Fill>【客服電子郵件地址】</Fill>。營運者資訊請參閱
          <a href="/legal/commercial-transactions/clients">特定商業交易法相關標示</a>。
        </p>
      ),
    },
  ],
};

export default about;
