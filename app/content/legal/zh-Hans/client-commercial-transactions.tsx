import { Facts, Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const clientCommercialTransactions: LegalDocument = {
  title: "基于特定商取引法的标示（委托人版）",
  lead: (
    <p>
      本页面依据日本《特定商取引法》（特定商取引法）的规定，就通过Comet委托并付款的作品制作（邮购销售，通信販売）作出标示。本中文版仅为方便阅读而提供的译文，以日文版为准。
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "标示事项",
      body: (
        <>
          <Facts
            items={[
              ...operatorFacts,
              [
                "销售价格（販売価格）",
                "各服务、委托表单及订单详情页面显示的金额（含消费税）。最终金额由创作者在接受委托请求时确定，并在付款前显示于订单详情页面。",
              ],
              [
                "商品价款以外的必要费用（商品代金以外の必要料金）",
                "互联网接入费和通信费由用户自行承担。以美元计价的订单，发卡机构可能会收取货币兑换手续费。Comet不向委托人收取手续费。",
              ],
              ["付款方式（支払方法）", `信用卡、借记卡（${CARD_BRANDS}）。付款由Stripe处理。`],
              [
                "付款时间（支払時期）",
                `创作者接受委托请求后${PAYMENT_DAYS}天内。您进行付款操作时即向银行卡扣款。实际扣账日期以发卡机构的规定为准。`,
              ],
              [
                "交付时间（引渡時期）",
                `订单的交付截止日期前（创作者设定的预计交付日期，或付款后${DELIVERY_DAYS}天）。`,
              ],
              ["交付方式（引渡方法）", "以数字数据形式，由您在Comet的订单详情页面下载。"],
              [
                "申请的有效期限（申込みの有効期限）",
                `创作者未在${APPROVAL_DAYS}天内接受的委托请求将失效。接受后${PAYMENT_DAYS}天内未付款的订单将被取消。`,
              ],
              [
                "退货及取消（返品・キャンセル）",
                <>
                  <p>
                    付款前不产生任何费用。付款后如创作者取消订单，或未在交付截止日期前交付而由委托人取消订单，全额将退还至您的银行卡。
                  </p>
                  <p>
                    退货特约（返品特約）：作品为接受订单后制作，并以数字数据形式交付，因此交付后因用户个人原因提出的取消、退货或退款均不予受理。如作品与约定内容明显不符，请在交易完成（交付后
                    {COMPLETION_DAYS}天）前，通过订单聊天联系创作者，并同时联系运营者。
                  </p>
                </>,
              ],
              [
                "关于创作者的标示（クリエイターに関する表示）",
                "作品由订单详情页面显示的创作者制作。以经营为目的进行销售的创作者，其姓名、地址及电话号码如有请求，将及时披露。",
              ],
              ["运行环境（動作環境）", <Fill>【推荐浏览器（例：Chrome、Safari、Firefox、Edge的最新版本）】</Fill>],
            ]}
          />
          <ReviewNote>
            待确认事项：委托人的付款通过运营者的Stripe账户结算（separate charges and
            transfers）。请确认应将运营者、各创作者中的哪一方（或双方）标示为销售者（販売業者），以及创作者标示事项的披露方式。
          </ReviewNote>
        </>
      ),
    },
  ],
};

export default clientCommercialTransactions;
