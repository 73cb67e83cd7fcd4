import { Facts, Fill } from "../blocks";
import { FEE_EXAMPLE, FEE_PERCENT, TAX_PERCENT } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const creatorCommercialTransactions: LegalDocument = {
  title: "특정상거래법에 따른 표기(크리에이터용)",
  lead: (
    <p>
      Comet이 크리에이터에게 제공하는 서비스(커미션을 판매할 수 있는 장의 제공, 대금 회수 및 보수 송금. 완료된 주문마다
      수수료를 받습니다)에 관하여 일본 특정상거래법(特定商取引法)에 따라 다음과 같이 표시합니다. 이 한국어 표기는 편의를
      위하여 제공하는 번역본이며, 일본어판이 우선합니다.
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "표시 사항",
      body: (
        <Facts
          items={[
            ...operatorFacts,
            [
              "역무의 내용(役務の内容)",
              "서비스·의뢰 양식 게재, 의뢰 접수, 주문별 채팅과 납품, 의뢰인의 카드 결제를 통한 대금 회수, Stripe를 통한 크리에이터에 대한 송금.",
            ],
            [
              "판매 가격(販売価格)",
              `완료된 주문마다 크리에이터 수익의 ${FEE_PERCENT}%에 해당하는 서비스 이용료(수익은 주문 합계 금액에서 그에 포함된 ${TAX_PERCENT}%의 소비세 상당액과 수수료를 제외한 금액). 예: 합계 금액이 ${FEE_EXAMPLE.total}엔인 경우 수수료는 ${FEE_EXAMPLE.fee}엔, 송금액은 ${FEE_EXAMPLE.payout}엔. 가입, 게재, 의뢰 접수는 무료입니다.`,
            ],
            [
              "상품 대금 이외의 필요 요금(商品代金以外の必要料金)",
              <>
                인터넷 접속 요금·통신 요금. 송금 수수료 및 환전 수수료: <Fill>[운영자 기입: 부담자]</Fill>
              </>,
            ],
            ["지불 방법(支払方法)", "의뢰인이 결제한 대금에서 송금 전에 공제합니다(별도로 결제하실 필요는 없습니다)."],
            ["지불 시기(支払時期)", "주문의 거래가 완료되어 보수를 송금할 때."],
            [
              "역무의 제공 시기(役務の提供時期)",
              "크리에이터로 등록한 때부터. 보수의 송금은 Stripe 연결 계정이 입금을 받을 수 있는 상태가 된 때부터.",
            ],
            [
              "해지·취소(解約・キャンセル)",
              "의뢰 접수 중지나 Comet 이용 중지는 언제든지 할 수 있습니다. 탈퇴는 이메일로 신청해 주시기 바랍니다. 취소·환불된 주문에는 수수료가 부과되지 않습니다. 완료된 주문의 수수료는 환불하지 않습니다.",
            ],
            ["동작 환경(動作環境)", <Fill>[권장 브라우저(예: Chrome, Safari, Firefox, Edge 최신 버전)]</Fill>],
          ]}
        />
      ),
    },
  ],
};

export default creatorCommercialTransactions;
