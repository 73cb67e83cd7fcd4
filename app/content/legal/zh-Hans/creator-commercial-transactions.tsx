import { Facts, Fill } from "../blocks";
import { FEE_EXAMPLE, FEE_PERCENT, TAX_PERCENT } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const creatorCommercialTransactions: LegalDocument = {
  title: "基于特定商取引法的标示（创作者版）",
  lead: (
    <p>
      本页面依据日本《特定商取引法》（特定商取引法）的规定，就Comet向创作者提供的服务（提供销售委托的平台、代收价款及发放报酬；每笔已完成的订单收取手续费）作出标示。本中文版仅为方便阅读而提供的译文，以日文版为准。
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "标示事项",
      body: (
        <Facts
          items={[
            ...operatorFacts,
            [
              "服务内容（役務の内容）",
              "刊登服务及委托表单、受理委托请求、每个订单的聊天与交付、通过委托人的银行卡付款代收价款，以及通过Stripe向创作者打款。",
            ],
            [
              "销售价格（販売価格）",
              `每笔已完成的订单，按创作者实收报酬的${FEE_PERCENT}%收取服务使用费（实收报酬为订单合计金额扣除其中所含${TAX_PERCENT}%消费税相当额及手续费后的金额）。例：合计金额为${FEE_EXAMPLE.total}日元时，手续费为${FEE_EXAMPLE.fee}日元，打款金额为${FEE_EXAMPLE.payout}日元。注册、刊登及受理委托请求均免费。`,
            ],
            [
              "商品价款以外的必要费用（商品代金以外の必要料金）",
              <>
                互联网接入费和通信费。转账手续费及货币兑换手续费：<Fill>【由运营者填写：费用承担方】</Fill>
              </>,
            ],
            ["付款方式（支払方法）", "在打款前从委托人支付的价款中扣除（无需另行付款）。"],
            ["付款时间（支払時期）", "订单交易完成并发放报酬时。"],
            [
              "服务提供时间（役務の提供時期）",
              "自注册为创作者时起。报酬的打款自Stripe关联账户（連結アカウント）可以接收款项时起。",
            ],
            [
              "解约及取消（解約・キャンセル）",
              "您可以随时暂停接稿或停止使用Comet。如需注销账号，请通过电子邮件提出申请。已取消或已退款的订单不收取手续费。已完成订单的手续费不予退还。",
            ],
            ["运行环境（動作環境）", <Fill>【推荐浏览器（例：Chrome、Safari、Firefox、Edge的最新版本）】</Fill>],
          ]}
        />
      ),
    },
  ],
};

export default creatorCommercialTransactions;
