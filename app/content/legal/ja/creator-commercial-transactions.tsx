import { Facts, Fill } from "../blocks";
import { FEE_EXAMPLE, FEE_PERCENT, TAX_PERCENT } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const creatorCommercialTransactions: LegalDocument = {
  title: "特定商取引法に基づく表記（クリエイター向け）",
  lead: (
    <p>
      Cometがクリエイターに提供するサービス（依頼を販売する場の提供、代金の回収及び報酬の送金。完了した依頼ごとに手数料をいただきます）について、特定商取引法に基づき表示します。
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "表示事項",
      body: (
        <Facts
          items={[
            ...operatorFacts,
            [
              "役務の内容",
              "サービス・依頼フォームの掲載、依頼の受付、依頼ごとのチャットと納品、依頼者のカード決済による代金の回収、及びStripeを通じたクリエイターへの送金。",
            ],
            [
              "販売価格",
              `完了した依頼ごとに、クリエイターの受取報酬の${FEE_PERCENT}%のサービス利用料（受取報酬は、依頼の合計金額から含まれる${TAX_PERCENT}%の消費税相当額と手数料を除いた金額）。例：合計金額${FEE_EXAMPLE.total}円の場合、手数料は${FEE_EXAMPLE.fee}円、送金額は${FEE_EXAMPLE.payout}円。登録、掲載、依頼の受付は無料です。`,
            ],
            [
              "商品代金以外の必要料金",
              <>
                インターネット接続料金・通信料金。振込手数料及び為替手数料：<Fill>【運営者記入：負担者】</Fill>
              </>,
            ],
            ["支払方法", "依頼者からの代金から、送金前に差し引きます（別途のお支払いはありません）。"],
            ["支払時期", "依頼の取引が完了し、報酬を送金する時。"],
            [
              "役務の提供時期",
              "クリエイター登録の時から。報酬の送金は、Stripeの連結アカウントが入金を受けられる状態になった時から。",
            ],
            [
              "解約・キャンセル",
              "依頼の受付の停止やCometの利用の中止はいつでも可能です。退会はメールでお申し出ください。キャンセル・返金された依頼に手数料はかかりません。完了した依頼の手数料は返金しません。",
            ],
            ["動作環境", <Fill>【推奨ブラウザ（例：Chrome、Safari、Firefox、Edgeの最新版）】</Fill>],
          ]}
        />
      ),
    },
  ],
};

export default creatorCommercialTransactions;
