import { Facts, Fill, ReviewNote } from "../blocks";
import { APPROVAL_DAYS, CARD_BRANDS, COMPLETION_DAYS, DELIVERY_DAYS, PAYMENT_DAYS } from "../facts";
import type { LegalDocument } from "../legal-document";
import { operatorFacts } from "./operator-facts";

const clientCommercialTransactions: LegalDocument = {
  title: "특정상거래법에 따른 표기(의뢰인용)",
  lead: (
    <p>
      Comet에서 의뢰하고 결제하시는 작품 제작(통신판매)에 관하여 일본 특정상거래법(特定商取引法)에 따라 다음과 같이
      표시합니다. 이 한국어 표기는 편의를 위하여 제공하는 번역본이며, 일본어판이 우선합니다.
    </p>
  ),
  sections: [
    {
      id: "particulars",
      heading: "표시 사항",
      body: (
        <>
          <Facts
            items={[
              ...operatorFacts,
              [
                "판매 가격(販売価格)",
                "각 서비스·의뢰 양식·주문 상세 화면에 표시되는 금액(소비세 포함). 최종 금액은 크리에이터가 의뢰를 승인할 때 확정하며, 결제 전에 주문 상세 화면에 표시합니다.",
              ],
              [
                "상품 대금 이외의 필요 요금(商品代金以外の必要料金)",
                "인터넷 접속 요금·통신 요금은 고객이 부담합니다. 미국 달러로 결제하는 주문의 경우 카드사가 환전 수수료를 청구할 수 있습니다. 의뢰인에게는 Comet의 수수료가 부과되지 않습니다.",
              ],
              ["지불 방법(支払方法)", `신용카드·체크카드(${CARD_BRANDS}). 결제는 Stripe가 처리합니다.`],
              [
                "지불 시기(支払時期)",
                `크리에이터가 의뢰를 승인한 후 ${PAYMENT_DAYS}일 이내. 결제를 진행한 시점에 카드로 청구됩니다. 출금일은 카드사의 약관에 따릅니다.`,
              ],
              [
                "인도 시기(引渡時期)",
                `주문의 납품 마감일까지(크리에이터가 설정한 납품 예정일 또는 결제 후 ${DELIVERY_DAYS}일).`,
              ],
              ["인도 방법(引渡方法)", "디지털 데이터로서 Comet의 주문 상세 화면에서 다운로드하시게 됩니다."],
              [
                "신청의 유효기간(申込みの有効期限)",
                `크리에이터가 ${APPROVAL_DAYS}일 이내에 승인하지 않은 의뢰는 효력을 잃습니다. 승인 후 ${PAYMENT_DAYS}일 이내에 결제되지 않은 주문은 취소됩니다.`,
              ],
              [
                "반품·취소(返品・キャンセル)",
                <>
                  <p>
                    결제 전에는 요금이 발생하지 않습니다. 결제 후 크리에이터가 취소한 경우 또는 납품 마감일까지 납품되지
                    않아 의뢰인이 취소한 경우에는 전액을 카드로 환불합니다.
                  </p>
                  <p>
                    반품 특약(返品特約): 작품은 주문 제작이며 디지털 데이터로 납품되므로, 납품 후 고객의 사정에 따른
                    취소·반품·환불은 받을 수 없습니다. 작품이 합의 내용과 명백히 다른 경우에는 거래 완료(납품 후{" "}
                    {COMPLETION_DAYS}일) 전까지 주문 채팅에서 크리에이터에게 알리고, 운영자에게도 함께 연락해 주시기
                    바랍니다.
                  </p>
                </>,
              ],
              [
                "크리에이터에 관한 표시(クリエイターに関する表示)",
                "작품은 주문 상세 화면에 표시되는 크리에이터가 제작합니다. 사업으로서 판매하는 크리에이터의 성명·주소·전화번호는 청구가 있으면 지체 없이 공개합니다.",
              ],
              ["동작 환경(動作環境)", <Fill>[권장 브라우저(예: Chrome, Safari, Firefox, Edge 최신 버전)]</Fill>],
            ]}
          />
          <ReviewNote>
            검토 사항: 의뢰인의 결제는 운영자의 Stripe 계정에서 이루어집니다(separate charges and transfers).
            판매업자(販売業者)로서 운영자와 각 크리에이터 중 누구를(또는 양쪽 모두를) 표시해야 하는지, 그리고
            크리에이터의 표시 사항을 어떤 방법으로 공개할지 확인해 주십시오.
          </ReviewNote>
        </>
      ),
    },
  ],
};

export default clientCommercialTransactions;
