import { Fill } from "../blocks";
import { APPROVAL_DAYS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";

const about: LegalDocument = {
  title: "关于Comet",
  lead: (
    <p>
      Comet是一个可以向创作者委托插画、Live2D模型、动画、影像、音频等原创作品的交易平台。世界各地的委托人都可以通过银行卡付款，向以日本为主的创作者发起委托。作品交付、交易完成后，创作者才会收到报酬。
    </p>
  ),
  sections: [
    {
      id: "what-you-can-commission",
      heading: "可以委托的内容",
      body: (
        <>
          <p>Comet上的创作者接受的委托包括但不限于：</p>
          <ul>
            <li>角色插画、会员及订阅者徽章、聊天表情贴图、标志（Logo）及平面设计</li>
            <li>Live2D角色及建模（绑定）、PNGTuber形象</li>
            <li>插画动画、OP/ED动画、原创动画、MV</li>
            <li>直播及视频用的影像剪辑、音乐及音频</li>
          </ul>
          <p>接受哪些委托、价格和条件均由各创作者自行决定。您可以在创作者的个人主页查看其作品集、服务和委托表单。</p>
        </>
      ),
    },
    {
      id: "how-it-works",
      heading: "委托流程",
      body: (
        <ol>
          <li>
            <strong>寻找创作者。</strong>
            按名称、分类和价格搜索，查看创作者的个人主页、作品集和委托条件。
          </li>
          <li>
            <strong>发送委托请求。</strong>
            选择服务或委托表单，回答创作者的问题，同意创作者的条款并绑定银行卡。此时不会扣款。
          </li>
          <li>
            <strong>创作者接受或拒绝。</strong>期限为{APPROVAL_DAYS}
            天。到期未答复的委托请求将被取消。创作者可能会在接受前调整金额。
          </li>
          <li>
            <strong>付款。</strong>请在接受后{PAYMENT_DAYS}
            天内使用银行卡付款。到期未付款的订单将被取消，不会产生任何费用。
          </li>
          <li>
            <strong>通过聊天沟通。</strong>每个订单的聊天会在创作者接受后开启。
          </li>
          <li>
            <strong>交付。</strong>创作者须在交付截止日期（创作者设定的预计交付日期，或付款后
            {DELIVERY_DAYS}
            天）前，在订单详情页面交付文件。如交付延迟，委托人可以取消订单并获得全额退款。
          </li>
          <li>
            <strong>交易完成。</strong>由创作者标记为完成，或在交付后{COMPLETION_DAYS}
            天自动完成，之后向创作者支付报酬。
          </li>
        </ol>
      ),
    },
    {
      id: "for-creators",
      heading: "致创作者",
      body: (
        <ul>
          <li>您可以通过作品集展示作品，并以自己的问题和价格发布服务或委托表单。</li>
          <li>您可以选择接受哪些委托，决定金额和日程，并设置委托人在聊天中的回复方式。</li>
          <li>
            报酬通过Stripe收取。交易完成后，报酬会转入您的Stripe账户，再打款至您的银行账户。Comet的手续费从每笔已完成的交易中扣除，具体金额请参阅
            <a href="/terms/creators">创作者服务条款</a>。
          </li>
        </ul>
      ),
    },
    {
      id: "prices-and-languages",
      heading: "价格、币种与语言",
      body: (
        <>
          <p>
            创作者以日元（JPY）或美元（USD）设定价格，价格已含消费税。如果您选择了其他显示币种，页面将按已保存的汇率显示换算后的大致金额。付款以订单的币种进行，发卡机构可能会进行货币换算。
          </p>
          <p>
            Comet的界面支持英语、日语、简体中文、繁体中文和韩语，您可以在页面顶部切换语言。创作者与委托人彼此书写的内容（个人主页、委托请求、聊天消息）会机器翻译成读者的语言，点击一下即可查看原文。机器翻译可能有误，重要内容请以原文为准，并在创作者的个人主页确认其可以使用的语言。
          </p>
        </>
      ),
    },
    {
      id: "safety",
      heading: "安心付款",
      body: (
        <ul>
          <li>银行卡信息由Stripe处理。Comet不会查看或保存您的卡号。</li>
          <li>您支付的款项将在交易完成后支付给创作者。</li>
          <li>如创作者在您付款后取消订单，或超过交付截止日期后由委托人取消订单，全额将退还至您的银行卡。</li>
          <li>请在Comet内完成付款和文件往来。对于在Comet以外进行的交易，Comet无法提供协助。</li>
        </ul>
      ),
    },
    {
      id: "contact",
      heading: "联系我们",
      body: (
        <p>
          有关Comet的咨询：<Fill>【客服电子邮箱地址】</Fill>。运营者信息请参阅
          <a href="/legal/commercial-transactions/clients">基于特定商取引法的标示</a>。
        </p>
      ),
    },
  ],
};

export default about;
