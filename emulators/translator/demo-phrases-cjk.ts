// The demo data's texts (demo-phrases.ts reads their English and Japanese from scripts/seed) in Simplified and
// Traditional Chinese and Korean, by their English, so `npm run dev` reads naturally in every language Comet speaks.
// Texts the seed translates itself (its reference data) are not here: the book says what the seed says.
// Written as a writer of each would write them (Traditional as in Taiwan: 影片, 檔案, 實況主; Korean in 해요체), with
// the interface's own words (委托, 交付, 草稿; 의뢰, 납품, 러프). The seed's templates (a generated creator's years, a
// form's or service's description, a work's) are functions below, filled with the category's or title's translation.
// The contract test translates every text the seed writes into each language, so a text the seed adds and this file
// lacks fails there.
import type { Phrase } from "./phrase.ts";

/** The three languages this file adds to a demo text's English and Japanese. */
export type DemoTranslations = Omit<Phrase, "en" | "ja">;

/** Every demo text the seed does not translate and no template writes, by its English. */
export const DEMO_TRANSLATIONS: ReadonlyMap<string, DemoTranslations> = new Map<string, DemoTranslations>([
  [
    "The demo creator account. Anime-style character art, chat stamps and badges for streamers. Requests open!",
    {
      "zh-Hans": "演示用创作者账号。为主播绘制动漫风角色插画、聊天表情和徽章。接稿中！",
      "zh-Hant": "示範用創作者帳號。為實況主繪製動漫風角色插畫、聊天貼圖和徽章。接稿中！",
      ko: "데모용 크리에이터 계정이에요. 스트리머를 위한 애니풍 캐릭터 일러스트, 채팅 스탬프, 배지를 그려요. 커미션 오픈!",
    },
  ],
  [
    "Soft pastel illustrator from Kyoto. I love drawing cheerful girls, sweets and cherry blossoms.",
    {
      "zh-Hans": "来自京都的插画师，擅长柔和的粉彩色调。最喜欢画元气少女、甜点和樱花。",
      "zh-Hant": "來自京都的插畫家，擅長柔和的粉彩色調。最喜歡畫活潑的女孩、甜點和櫻花。",
      ko: "교토에 사는 일러스트레이터예요. 부드러운 파스텔 톤으로 밝은 소녀, 디저트, 벚꽃을 그리는 걸 좋아해요.",
    },
  ],
  [
    "Live2D rigger with 6 years of experience. Natural physics, expressive eyes and smooth head turns for VTubers.",
    {
      "zh-Hans": "有6年经验的Live2D建模师。为VTuber打造自然的物理效果、灵动的眼睛和流畅的转头。",
      "zh-Hant": "有6年經驗的Live2D建模師。為VTuber打造自然的物理效果、靈動的眼神和流暢的轉頭。",
      ko: "경력 6년의 Live2D 리거예요. VTuber를 위한 자연스러운 물리, 표정이 풍부한 눈, 부드러운 고개 돌리기가 특기예요.",
    },
  ],
  [
    "PNGTuber avatars and subscriber badges. Bright colours, big expressions. Currently fully booked.",
    {
      "zh-Hans": "制作PNGTuber形象和订阅徽章。色彩明亮，表情夸张。目前名额已满。",
      "zh-Hant": "製作PNGTuber形象和訂閱徽章。色彩明亮、表情豐富。目前名額已滿。",
      ko: "PNGTuber 아바타와 구독자 배지를 만들어요. 밝은 색감과 큼직한 표정이 특징이에요. 현재 슬롯이 모두 찼어요.",
    },
  ],
  [
    "Animator. Openings and endings for streams and music, from storyboard to final composite.",
    {
      "zh-Hans": "动画师。为直播和音乐制作片头片尾，从分镜到最终合成一手包办。",
      "zh-Hant": "動畫師。為直播和音樂製作片頭片尾，從分鏡到最後合成一手包辦。",
      ko: "애니메이터예요. 방송과 음악용 오프닝·엔딩을 콘티부터 최종 합성까지 직접 만들어요.",
    },
  ],
  [
    "Graphic design studio of one. Channel logos, stream overlays and badges with a citrus twist.",
    {
      "zh-Hans": "一人设计工作室。设计频道标志、直播画面和徽章，带一点柑橘般的清新。",
      "zh-Hant": "一人設計工作室。設計頻道標誌、直播畫面和徽章，帶點柑橘般的清爽感。",
      ko: "1인 디자인 스튜디오예요. 채널 로고, 방송 오버레이, 배지를 상큼한 시트러스 감성으로 디자인해요.",
    },
  ],
  [
    "I bring illustrations to life: blinking, swaying hair, drifting light. Loop animations for streams and SNS.",
    {
      "zh-Hans": "让插画动起来：眨眼、飘动的头发、流动的光影。制作直播和社交媒体用的循环动画。",
      "zh-Hant": "讓插畫動起來：眨眼、飄動的頭髮、流動的光影。製作直播和社群用的循環動畫。",
      ko: "일러스트에 생명을 불어넣어요. 눈 깜빡임, 흔들리는 머리카락, 흐르는 빛. 방송과 SNS용 루프 애니메이션을 만들어요.",
    },
  ],
  [
    "Lyric videos and music videos with a night-sky mood. Vocaloid and utaite covers welcome.",
    {
      "zh-Hans": "制作夜空氛围的歌词视频和MV。欢迎V家曲和翻唱的委托。",
      "zh-Hant": "製作夜空氛圍的歌詞影片和MV。歡迎V家曲和翻唱的委託。",
      ko: "밤하늘 분위기의 가사 영상과 뮤직비디오를 만들어요. 보컬로이드 곡, 우타이테 커버 의뢰 환영해요.",
    },
  ],
  [
    "Character illustrator. Fantasy outfits, armour and detailed accessories are my favourite things to draw.",
    {
      "zh-Hans": "角色插画师。最喜欢画奇幻服装、铠甲和精致的饰品。",
      "zh-Hant": "角色插畫家。最喜歡畫奇幻服裝、鎧甲和精緻的飾品。",
      ko: "캐릭터 일러스트레이터예요. 판타지 의상, 갑옷, 섬세한 액세서리를 그리는 걸 제일 좋아해요.",
    },
  ],
  [
    "Cute chibi stamps for Twitch, YouTube and Discord. Sets of 3 to 12, quick turnaround.",
    {
      "zh-Hans": "为Twitch、YouTube和Discord制作可爱的Q版表情。3到12个一套，出稿快。",
      "zh-Hant": "為Twitch、YouTube和Discord製作可愛的Q版貼圖。3到12個一組，出稿快。",
      ko: "Twitch, YouTube, Discord용 귀여운 SD 스탬프를 만들어요. 3~12개 세트, 빠른 작업 가능해요.",
    },
  ],
  [
    "Video editor for gaming and talk channels. Cuts, captions, sound effects and thumbnails included.",
    {
      "zh-Hans": "游戏实况和杂谈频道的视频剪辑师。剪辑、字幕、音效和封面全包。",
      "zh-Hant": "遊戲實況和雜談頻道的影片剪輯師。剪輯、字幕、音效和縮圖全包。",
      ko: "게임·토크 채널 영상 편집자예요. 컷 편집, 자막, 효과음, 썸네일까지 해 드려요.",
    },
  ],
  [
    "Designing VTuber characters with layers ready for rigging. Based in Tokyo, I reply in English or Japanese.",
    {
      "zh-Hans": "设计已拆分图层、可直接建模的VTuber角色。现居东京，可用英语或日语沟通。",
      "zh-Hant": "設計已拆分圖層、可直接建模的VTuber角色。現居東京，可用英文或日文溝通。",
      ko: "리깅용으로 파츠 분리한 VTuber 캐릭터를 디자인해요. 도쿄에 살고 있고, 영어나 일본어로 답장해요.",
    },
  ],
  [
    "Illustrator from Berlin. Painterly portraits, moody lighting and clean logos for creators.",
    {
      "zh-Hans": "来自柏林的插画师。为创作者绘制厚涂肖像、氛围感光影和简洁的标志。",
      "zh-Hant": "來自柏林的插畫家。為創作者繪製厚塗肖像、氛圍感光影和簡潔的標誌。",
      ko: "베를린에서 온 일러스트레이터예요. 크리에이터를 위한 두꺼운 채색의 초상화, 분위기 있는 조명, 깔끔한 로고를 작업해요.",
    },
  ],
  [
    "Pixel artist from Milan. Retro PNGTubers, 8-bit emotes and tiny animated sprites.",
    {
      "zh-Hans": "来自米兰的像素画师。复古PNGTuber、8位风表情和小巧的动画精灵图。",
      "zh-Hant": "來自米蘭的像素畫家。復古PNGTuber、8位元風格表情符號和小巧的動畫角色圖。",
      ko: "밀라노의 픽셀 아티스트예요. 레트로 PNGTuber, 8비트 이모트, 작은 애니메이션 스프라이트를 만들어요.",
    },
  ],
  [
    "Motion illustrator in Manchester. Cosy animated scenes for stream screens and lo-fi channels.",
    {
      "zh-Hans": "曼彻斯特的动态插画师。为直播画面和Lo-fi频道制作温馨的动态场景。",
      "zh-Hant": "曼徹斯特的動態插畫家。為直播畫面和Lo-fi頻道製作溫馨的動態場景。",
      ko: "맨체스터의 모션 일러스트레이터예요. 방송 화면과 Lo-fi 채널을 위한 아늑한 움직이는 장면을 만들어요.",
    },
  ],
  [
    "Seoul-based designer. Loyalty badges that grow with your community, from tier 1 to tier 6.",
    {
      "zh-Hans": "首尔的设计师。制作与社区一起成长的会员徽章，从1级到6级。",
      "zh-Hant": "首爾的設計師。製作與社群一起成長的會員徽章，從第1級到第6級。",
      ko: "서울에서 활동하는 디자이너예요. 커뮤니티와 함께 성장하는 멤버십 배지를 1단계부터 6단계까지 만들어요.",
    },
  ],
  [
    "Paris animator and editor. Music videos with hand-drawn frames, bold colour and rhythm.",
    {
      "zh-Hans": "巴黎的动画师兼剪辑师。制作手绘作画、色彩大胆、节奏感十足的MV。",
      "zh-Hant": "巴黎的動畫師兼剪輯師。製作手繪作畫、色彩大膽、節奏感十足的MV。",
      ko: "파리의 애니메이터 겸 편집자예요. 손그림 작화, 과감한 색감, 리듬감 있는 뮤직비디오를 만들어요.",
    },
  ],
  [
    "Brand designer from Bengaluru. Logos, wordmarks and stream packages with a clear story.",
    {
      "zh-Hans": "来自班加罗尔的品牌设计师。设计有故事感的标志、文字标和直播套装。",
      "zh-Hant": "來自班加羅爾的品牌設計師。設計有故事感的標誌、文字標和直播套組。",
      ko: "벵갈루루 출신 브랜드 디자이너예요. 분명한 스토리를 담은 로고, 워드마크, 방송 패키지를 만들어요.",
    },
  ],
  [
    "Editor for YouTube documentaries and highlight reels. Pacing, colour and sound that keep people watching.",
    {
      "zh-Hans": "YouTube纪录片和精华集锦的剪辑师。用节奏、色彩和声音让观众一直看下去。",
      "zh-Hant": "YouTube紀錄片和精華剪輯的剪輯師。用節奏、色彩和聲音讓觀眾一路看到最後。",
      ko: "YouTube 다큐멘터리와 하이라이트 영상 편집자예요. 끝까지 보게 만드는 템포, 색감, 사운드를 만들어요.",
    },
  ],
  [
    "Live2D rigger in Taipei. Full-body models, outfit toggles and hand-held props.",
    {
      "zh-Hans": "台北的Live2D建模师。可做全身模型、服装切换和手持道具。",
      "zh-Hant": "台北的Live2D建模師。可做全身模型、服裝切換和手持道具。",
      ko: "타이베이의 Live2D 리거예요. 전신 모델, 의상 전환, 손에 드는 소품까지 작업해요.",
    },
  ],
  [
    "2D animator who loves short stories. Character intros, channel trailers and looping title cards.",
    {
      "zh-Hans": "热爱短篇故事的2D动画师。制作角色介绍、频道预告和循环标题动画。",
      "zh-Hant": "熱愛短篇故事的2D動畫師。製作角色介紹、頻道預告和循環標題動畫。",
      ko: "짧은 이야기를 좋아하는 2D 애니메이터예요. 캐릭터 소개, 채널 트레일러, 루프 타이틀 영상을 만들어요.",
    },
  ],
  [
    "Expressive emotes with thick outlines that read well at 28 px. Fast sketches, friendly revisions.",
    {
      "zh-Hans": "粗线条、表情丰富的表情包，28px也看得清楚。草稿出得快，修改好商量。",
      "zh-Hant": "粗線條、表情豐富的表情符號，28px也看得清楚。草稿出得快，修改好商量。",
      ko: "28px에서도 잘 보이는 굵은 외곽선의 표정 풍부한 이모트예요. 러프는 빠르게, 수정은 편하게 말씀해 주세요.",
    },
  ],
  [
    "Illustrator from Buenos Aires. Warm palettes, sunlight and characters full of personality.",
    {
      "zh-Hans": "来自布宜诺斯艾利斯的插画师。温暖的配色、阳光和个性十足的角色。",
      "zh-Hant": "來自布宜諾斯艾利斯的插畫家。溫暖的配色、陽光和個性十足的角色。",
      ko: "부에노스아이레스에서 온 일러스트레이터예요. 따뜻한 색감, 햇살, 개성 넘치는 캐릭터를 그려요.",
    },
  ],
  [
    "Motion graphics for streams: openings, waiting screens and transitions, made to match your brand.",
    {
      "zh-Hans": "直播用动态图形：片头、等待画面和转场，配合您的品牌风格制作。",
      "zh-Hant": "直播用動態圖像：片頭、待機畫面和轉場，配合您的品牌風格製作。",
      ko: "방송용 모션 그래픽: 오프닝, 대기 화면, 트랜지션을 브랜드에 맞춰 만들어요.",
    },
  ],
  [
    "Half bear, half cat. Cute mascot characters and chat stamps for your channel family.",
    {
      "zh-Hans": "一半是熊，一半是猫。为您的频道大家庭制作可爱的吉祥物和聊天表情。",
      "zh-Hant": "一半是熊，一半是貓。為您的頻道大家庭製作可愛的吉祥物和聊天貼圖。",
      ko: "반은 곰, 반은 고양이. 채널 가족을 위한 귀여운 마스코트 캐릭터와 채팅 스탬프를 만들어요.",
    },
  ],
  [
    "The demo client account. I commission art for my streams.",
    {
      "zh-Hans": "演示用委托人账号。我会为自己的直播委托插画。",
      "zh-Hant": "示範用委託人帳號。我會為自己的直播委託插畫。",
      ko: "데모용 의뢰인 계정이에요. 방송에 쓸 그림을 의뢰하고 있어요.",
    },
  ],
  [
    "Variety streamer from Toronto.",
    {
      "zh-Hans": "来自多伦多的杂谈游戏主播。",
      "zh-Hant": "來自多倫多的雜談遊戲實況主。",
      ko: "토론토에서 활동하는 버라이어티 스트리머예요.",
    },
  ],
  [
    "Singer and VTuber in training.",
    {
      "zh-Hans": "正在成长中的歌手兼新人VTuber。",
      "zh-Hant": "正在努力中的歌手兼新人VTuber。",
      ko: "노래하는 신인 VTuber예요.",
    },
  ],
  [
    "Indie game developer looking for art.",
    {
      "zh-Hans": "独立游戏开发者，正在寻找美术。",
      "zh-Hant": "獨立遊戲開發者，正在尋找美術。",
      ko: "그림을 찾고 있는 인디 게임 개발자예요.",
    },
  ],
  ["Comet operations team.", { "zh-Hans": "Comet运营团队。", "zh-Hant": "Comet營運團隊。", ko: "Comet 운영팀이에요." }],
  [
    "This demo account is banned.",
    { "zh-Hans": "此演示账号已被封禁。", "zh-Hant": "此示範帳號已被停權。", ko: "이 데모 계정은 이용이 정지되었어요." },
  ],
  ["Requests welcome!", { "zh-Hans": "欢迎委托！", "zh-Hant": "歡迎委託！", ko: "의뢰 기다리고 있어요!" }],
  [
    "Happy to chat about your idea.",
    {
      "zh-Hans": "欢迎随时来聊聊您的想法。",
      "zh-Hant": "歡迎隨時來聊聊您的想法。",
      ko: "아이디어가 있으면 편하게 이야기 나눠요.",
    },
  ],
  ["Slots open monthly.", { "zh-Hans": "每月开放名额。", "zh-Hant": "每月開放名額。", ko: "매달 슬롯을 열어요." }],
  [
    "English and Japanese OK.",
    { "zh-Hans": "可用英语和日语沟通。", "zh-Hant": "可用英文和日文溝通。", ko: "영어·일본어 가능해요." },
  ],
  ["Commission details", { "zh-Hans": "委托内容", "zh-Hant": "委託內容", ko: "의뢰 내용" }],
  ["Spring festival portrait", { "zh-Hans": "春祭立绘", "zh-Hant": "春祭立繪", ko: "봄 축제 스탠딩 일러스트" }],
  ["Knight of the silver lake", { "zh-Hans": "银湖骑士", "zh-Hant": "銀湖騎士", ko: "은빛 호수의 기사" }],
  ["After-school rooftop", { "zh-Hans": "放学后的天台", "zh-Hant": "放學後的頂樓", ko: "방과 후 옥상" }],
  [
    "Original character key visual",
    { "zh-Hans": "原创角色主视觉", "zh-Hant": "原創角色主視覺", ko: "오리지널 캐릭터 키 비주얼" },
  ],
  ["Witch and her familiar", { "zh-Hans": "魔女与使魔", "zh-Hant": "魔女與使魔", ko: "마녀와 사역마" }],
  [
    "Character illustration (bust-up)",
    { "zh-Hans": "角色插画（胸像）", "zh-Hant": "角色插畫（胸像）", ko: "캐릭터 일러스트 (흉상)" },
  ],
  [
    "Full-body character art with background",
    { "zh-Hans": "全身角色插画（含背景）", "zh-Hant": "全身角色插畫（含背景）", ko: "배경 포함 전신 캐릭터 일러스트" },
  ],
  [
    "Icon / profile picture",
    { "zh-Hans": "头像/个人资料图片", "zh-Hant": "頭像／個人檔案圖片", ko: "아이콘/프로필 사진" },
  ],
  ["Six-tier gem badges", { "zh-Hans": "六级宝石徽章", "zh-Hant": "六階寶石徽章", ko: "6단계 보석 배지" }],
  ["Star membership badges", { "zh-Hans": "星星会员徽章", "zh-Hant": "星星會員徽章", ko: "별 멤버십 배지" }],
  [
    "Paw badges for a cat streamer",
    { "zh-Hans": "猫咪主播的肉球徽章", "zh-Hant": "貓咪實況主的肉球徽章", ko: "고양이 스트리머를 위한 발바닥 배지" },
  ],
  [
    "Membership badges, set of 6",
    { "zh-Hans": "会员徽章 6个一套", "zh-Hant": "會員徽章 6個一組", ko: "멤버십 배지 6종 세트" },
  ],
  ["Subscriber badge set", { "zh-Hans": "订阅徽章套装", "zh-Hant": "訂閱徽章組", ko: "구독자 배지 세트" }],
  ["Chibi emote pack", { "zh-Hans": "Q版表情包", "zh-Hant": "Q版貼圖組", ko: "SD 이모트 팩" }],
  [
    "Reaction stamps: love, cry, lol",
    {
      "zh-Hans": "反应表情（喜欢・哭・笑）",
      "zh-Hant": "反應貼圖（喜歡・哭・笑）",
      ko: "리액션 스탬프 (좋아요·울음·웃음)",
    },
  ],
  ["Mascot stamp series", { "zh-Hans": "吉祥物表情系列", "zh-Hant": "吉祥物貼圖系列", ko: "마스코트 스탬프 시리즈" }],
  ["Chat stamps, 3-pack", { "zh-Hans": "聊天表情 3个一套", "zh-Hant": "聊天貼圖 3個一組", ko: "채팅 스탬프 3개 세트" }],
  ["Emote set of 8", { "zh-Hans": "表情 8个一套", "zh-Hant": "表情符號 8個一組", ko: "이모트 8개 세트" }],
  [
    "Channel logo for a cooking stream",
    { "zh-Hans": "美食直播频道标志", "zh-Hant": "料理直播頻道標誌", ko: "요리 방송 채널 로고" },
  ],
  [
    "Wordmark and stream overlay",
    { "zh-Hans": "文字标与直播叠加层", "zh-Hant": "文字標與直播疊加圖層", ko: "워드마크와 방송 오버레이" },
  ],
  ["Esports team emblem", { "zh-Hans": "电竞战队队徽", "zh-Hant": "電競戰隊隊徽", ko: "e스포츠 팀 엠블럼" }],
  ["Channel logo design", { "zh-Hans": "频道标志设计", "zh-Hant": "頻道標誌設計", ko: "채널 로고 디자인" }],
  [
    "Stream package: logo, overlay, panels",
    {
      "zh-Hans": "直播套装：标志、叠加层、面板",
      "zh-Hant": "直播套組：標誌、疊加圖層、面板",
      ko: "방송 패키지: 로고, 오버레이, 패널",
    },
  ],
  [
    "VTuber debut design",
    { "zh-Hans": "VTuber出道服装设计", "zh-Hant": "VTuber出道服裝設計", ko: "VTuber 데뷔 의상 디자인" },
  ],
  [
    "Layered model art: fox shrine maiden",
    {
      "zh-Hans": "拆分图层的模型原画：狐狸巫女",
      "zh-Hant": "拆分圖層的模型原畫：狐狸巫女",
      ko: "파츠 분리 모델 일러스트: 여우 무녀",
    },
  ],
  [
    "New outfit for a second anniversary",
    { "zh-Hans": "两周年纪念新服装", "zh-Hant": "兩週年紀念新服裝", ko: "2주년 기념 새 의상" },
  ],
  [
    "VTuber character design (layered PSD)",
    {
      "zh-Hans": "VTuber角色设计（拆分图层PSD）",
      "zh-Hant": "VTuber角色設計（拆分圖層PSD）",
      ko: "VTuber 캐릭터 디자인 (파츠 분리 PSD)",
    },
  ],
  ["Extra outfit for your model", { "zh-Hans": "为模型追加服装", "zh-Hant": "為模型追加服裝", ko: "모델용 추가 의상" }],
  [
    "Full-body rig with outfit toggles",
    { "zh-Hans": "带服装切换的全身建模", "zh-Hant": "附服裝切換的全身建模", ko: "의상 전환 포함 전신 리깅" },
  ],
  [
    "Head-turn demo, 30 degrees",
    { "zh-Hans": "转头演示，30度", "zh-Hant": "轉頭展示，30度", ko: "고개 돌리기 데모, 30도" },
  ],
  [
    "Hair physics showcase",
    { "zh-Hans": "头发物理效果展示", "zh-Hant": "頭髮物理效果展示", ko: "머리카락 물리 쇼케이스" },
  ],
  [
    "Live2D rigging, half body",
    { "zh-Hans": "Live2D建模（半身）", "zh-Hant": "Live2D建模（半身）", ko: "Live2D 리깅 (반신)" },
  ],
  [
    "Live2D rigging, full body with toggles",
    {
      "zh-Hans": "Live2D建模（全身，含切换）",
      "zh-Hant": "Live2D建模（全身，含切換）",
      ko: "Live2D 리깅 (전신, 전환 포함)",
    },
  ],
  [
    "Talking and idle PNGTuber",
    { "zh-Hans": "说话与待机差分的PNGTuber", "zh-Hant": "說話與待機差分的PNGTuber", ko: "말하기·대기 차분 PNGTuber" },
  ],
  [
    "Pixel PNGTuber with blink",
    { "zh-Hans": "会眨眼的像素PNGTuber", "zh-Hant": "會眨眼的像素PNGTuber", ko: "눈 깜빡임이 있는 픽셀 PNGTuber" },
  ],
  [
    "Bunny-ear streamer avatar",
    { "zh-Hans": "兔耳主播形象", "zh-Hant": "兔耳實況主形象", ko: "토끼 귀 스트리머 아바타" },
  ],
  [
    "PNGTuber avatar, 2 expressions",
    { "zh-Hans": "PNGTuber形象 2种表情", "zh-Hant": "PNGTuber形象 2種表情", ko: "PNGTuber 아바타 표정 2종" },
  ],
  [
    "PNGTuber avatar, 6 expressions",
    { "zh-Hans": "PNGTuber形象 6种表情", "zh-Hant": "PNGTuber形象 6種表情", ko: "PNGTuber 아바타 표정 6종" },
  ],
  ["Rainy window loop", { "zh-Hans": "雨中窗边循环动画", "zh-Hant": "雨中窗邊循環動畫", ko: "비 오는 창가 루프" }],
  [
    "Swaying hair and drifting petals",
    {
      "zh-Hans": "飘动的发丝与飞舞的花瓣",
      "zh-Hant": "飄動的髮絲與飛舞的花瓣",
      ko: "흔들리는 머리카락과 흩날리는 꽃잎",
    },
  ],
  ["Animated waiting screen", { "zh-Hans": "动态等待画面", "zh-Hant": "動態待機畫面", ko: "움직이는 대기 화면" }],
  [
    "Animate your illustration (loop)",
    {
      "zh-Hans": "让您的插画动起来（循环）",
      "zh-Hant": "讓您的插畫動起來（循環）",
      ko: "일러스트를 움직여 드려요 (루프)",
    },
  ],
  [
    "Animated stream waiting screen",
    { "zh-Hans": "直播等待画面动画", "zh-Hant": "直播待機畫面動畫", ko: "방송 대기 화면 애니메이션" },
  ],
  ["Stream opening, 15 seconds", { "zh-Hans": "直播片头，15秒", "zh-Hant": "直播片頭，15秒", ko: "방송 오프닝, 15초" }],
  [
    "Ending credits with character cameo",
    { "zh-Hans": "角色客串的片尾", "zh-Hant": "角色客串的片尾", ko: "캐릭터가 등장하는 엔딩 크레딧" },
  ],
  [
    "Seasonal opening, winter edition",
    { "zh-Hans": "季节片头（冬季版）", "zh-Hant": "季節片頭（冬季版）", ko: "시즌 오프닝 (겨울 버전)" },
  ],
  [
    "Stream opening animation (15 s)",
    { "zh-Hans": "直播片头动画（15秒）", "zh-Hant": "直播片頭動畫（15秒）", ko: "방송 오프닝 애니메이션 (15초)" },
  ],
  ["Opening and ending set", { "zh-Hans": "片头片尾套装", "zh-Hant": "片頭片尾組合", ko: "오프닝·엔딩 세트" }],
  [
    "Channel trailer, hand-drawn",
    { "zh-Hans": "手绘频道预告片", "zh-Hant": "手繪頻道預告片", ko: "손그림 채널 트레일러" },
  ],
  ["Thirty-second short story", { "zh-Hans": "30秒短篇故事", "zh-Hant": "30秒短篇故事", ko: "30초 단편 스토리" }],
  ["Character introduction reel", { "zh-Hans": "角色介绍短片", "zh-Hant": "角色介紹短片", ko: "캐릭터 소개 릴" }],
  [
    "Original 2D animation (up to 30 s)",
    {
      "zh-Hans": "原创2D动画（30秒以内）",
      "zh-Hant": "原創2D動畫（30秒以內）",
      ko: "오리지널 2D 애니메이션 (최대 30초)",
    },
  ],
  [
    "Channel trailer animation",
    { "zh-Hans": "频道预告动画", "zh-Hant": "頻道預告動畫", ko: "채널 트레일러 애니메이션" },
  ],
  [
    "Lyric video for a cover song",
    { "zh-Hans": "翻唱歌曲的歌词视频", "zh-Hant": "翻唱歌曲的歌詞影片", ko: "커버곡 가사 영상" },
  ],
  [
    "Night city music video",
    { "zh-Hans": "夜晚都市音乐视频", "zh-Hant": "夜晚城市音樂影片", ko: "밤의 도시 뮤직비디오" },
  ],
  [
    "Original song MV, full length",
    { "zh-Hans": "原创歌曲MV 完整版", "zh-Hant": "原創歌曲MV 完整版", ko: "오리지널 곡 MV 풀버전" },
  ],
  ["Lyric video for covers", { "zh-Hans": "翻唱用歌词视频", "zh-Hant": "翻唱用歌詞影片", ko: "커버곡용 가사 영상" }],
  [
    "Music video, full song",
    { "zh-Hans": "音乐视频（完整版）", "zh-Hant": "音樂影片（完整版）", ko: "뮤직비디오 (풀버전)" },
  ],
  [
    "Gaming highlights, 10 minutes",
    { "zh-Hans": "游戏实况精华，10分钟", "zh-Hant": "遊戲實況精華，10分鐘", ko: "게임 하이라이트, 10분" },
  ],
  [
    "Talk stream cut with captions",
    { "zh-Hans": "带字幕的杂谈切片", "zh-Hant": "附字幕的雜談精華", ko: "자막 포함 토크 방송 클립" },
  ],
  [
    "Documentary-style channel recap",
    { "zh-Hans": "纪录片风格的频道回顾", "zh-Hant": "紀錄片風格的頻道回顧", ko: "다큐멘터리 스타일 채널 돌아보기" },
  ],
  [
    "Video editing, up to 10 minutes",
    { "zh-Hans": "视频剪辑（10分钟以内）", "zh-Hant": "影片剪輯（10分鐘以內）", ko: "영상 편집 (최대 10분)" },
  ],
  [
    "Stream clip with captions",
    { "zh-Hans": "带字幕的直播切片", "zh-Hant": "附字幕的直播精華", ko: "자막 포함 방송 클립" },
  ],
  [
    "Commercial use needs the commercial usage option. Cancellation after the rough sketch is refunded at 50%. The creator may show the work in their portfolio unless the private option is chosen. AI training on the work is not allowed.",
    {
      "zh-Hans":
        "商用需要选择商用选项。提交草稿后取消，退款50%。除非选择不公开选项，创作者可能会在作品集中展示作品。禁止将作品用于AI训练。",
      "zh-Hant":
        "商用需要選擇商用選項。提交草稿後取消，退款50%。除非選擇不公開選項，創作者可能會在作品集中展示作品。禁止將作品用於AI訓練。",
      ko: "상업적 이용은 상업적 이용 옵션이 필요해요. 러프 제출 후 취소하면 50%를 환불해 드려요. 비공개 옵션을 선택하지 않으면 크리에이터가 작품을 포트폴리오에 게시할 수 있어요. 작품을 AI 학습에 이용하는 것은 금지예요.",
    },
  ],
  [
    "Work in progress: client mascot",
    { "zh-Hans": "创作中：委托人的吉祥物", "zh-Hant": "製作中：委託人的吉祥物", ko: "작업 중: 의뢰인 마스코트" },
  ],
  [
    "Private until the client approves publication.",
    {
      "zh-Hans": "在委托人同意公开之前不公开。",
      "zh-Hant": "在委託人同意公開之前不公開。",
      ko: "의뢰인이 공개를 허락할 때까지 비공개예요.",
    },
  ],
  [
    "A bust-up of my VTuber persona for the debut stream, cheerful, with her star hairclip.",
    {
      "zh-Hans": "想请您画我的VTuber形象的胸像，用于出道直播。表情要开朗，戴着她的星星发夹。",
      "zh-Hant": "想請您畫我的VTuber形象的胸像，用在出道直播。表情要開朗，戴著她的星星髮夾。",
      ko: "데뷔 방송에 쓸 제 VTuber 캐릭터의 흉상을 부탁드려요. 밝은 표정에 별 머리핀을 하고 있어요.",
    },
  ],
  [
    "A set of 8 chat stamps: happy, sad, thanks, good night and four more you suggest.",
    {
      "zh-Hans": "一套8个聊天表情：开心、难过、谢谢、晚安，另外4个交给您来定。",
      "zh-Hant": "一組8個聊天貼圖：開心、難過、謝謝、晚安，另外4個交給您決定。",
      ko: "채팅 스탬프 8개 세트: 기쁨, 슬픔, 고마워요, 잘 자요, 나머지 4개는 추천해 주세요.",
    },
  ],
  [
    "A face icon for my social accounts, transparent background.",
    {
      "zh-Hans": "社交账号用的头像，背景透明。",
      "zh-Hant": "社群帳號用的大頭貼，背景透明。",
      ko: "SNS 계정용 얼굴 아이콘, 배경은 투명으로 부탁드려요.",
    },
  ],
  [
    "A full-body illustration of my original character in a winter coat.",
    {
      "zh-Hans": "我的原创角色穿着冬季大衣的全身插画。",
      "zh-Hant": "我的原創角色穿著冬季大衣的全身插畫。",
      ko: "겨울 코트를 입은 제 오리지널 캐릭터의 전신 일러스트요.",
    },
  ],
  [
    "A membership badge set in three tiers.",
    { "zh-Hans": "一套三个等级的会员徽章。", "zh-Hant": "一組三個等級的會員徽章。", ko: "3단계 멤버십 배지 세트요." },
  ],
  [
    "A small mascot of my cat, chibi style.",
    {
      "zh-Hans": "以我家猫咪为原型的Q版小吉祥物。",
      "zh-Hant": "以我家貓咪為原型的Q版小吉祥物。",
      ko: "우리 고양이를 SD 스타일의 작은 마스코트로 그려 주세요.",
    },
  ],
  [
    "A logo for my stream, but plans changed.",
    {
      "zh-Hans": "本来想委托直播用的标志，但计划有变。",
      "zh-Hant": "本來想委託直播用的標誌，但計畫有變。",
      ko: "방송용 로고를 부탁하려 했는데 계획이 바뀌었어요.",
    },
  ],
  [
    "Thank you for your request! I will read it through and get back to you.",
    {
      "zh-Hans": "感谢您的委托！我看完内容后会联系您。",
      "zh-Hant": "感謝您的委託！我看完內容後會再跟您聯絡。",
      ko: "의뢰해 주셔서 감사합니다! 내용을 확인하고 연락드릴게요.",
    },
  ],
  [
    "Thank you! Let me know if anything is unclear.",
    {
      "zh-Hans": "谢谢！有不清楚的地方请告诉我。",
      "zh-Hant": "謝謝！有不清楚的地方請告訴我。",
      ko: "감사합니다! 이해가 안 되는 부분이 있으면 알려 주세요.",
    },
  ],
  [
    "All clear. I will share a rough sketch first.",
    {
      "zh-Hans": "明白了。我先发草稿给您。",
      "zh-Hant": "了解。我先傳草稿給您。",
      ko: "알겠습니다. 먼저 러프를 보내 드릴게요.",
    },
  ],
  [
    "Wonderful work, and every sketch came on time. Thank you!",
    {
      "zh-Hans": "作品非常棒，每次草稿都按时交付。谢谢！",
      "zh-Hant": "作品非常棒，每次草稿都準時交付。謝謝！",
      ko: "작품이 정말 멋지고, 러프도 매번 제때 받았어요. 감사합니다!",
    },
  ],
  [
    "Thank you for your request. Your brief was very clear, and it was a joy to draw.",
    {
      "zh-Hans": "感谢您的委托。您的说明非常清楚，画得很开心。",
      "zh-Hant": "感謝您的委託。您的說明非常清楚，畫得很開心。",
      ko: "의뢰해 주셔서 감사합니다. 설명이 아주 명확해서 즐겁게 그렸어요.",
    },
  ],
]);

/** The seed's templated texts, in each language, from the category's or work's title already translated. */
export const DEMO_TEMPLATES: {
  [K in keyof DemoTranslations]: {
    bio(category: string): string;
    express(form: string): string;
    form(category: string): string;
    service(category: string): string;
    work(title: string): string;
  };
} = {
  "zh-Hans": {
    bio: (category) => `从事${category}创作{years}年。`,
    express: (form) => `${form}（加急）`,
    form: (category) =>
      `${category}委托表单。付款后约{days}天交付，含1次草稿确认和最多2次修改。请阅读问题，填写您能回答的部分。`,
    service: (category) =>
      `为您量身制作${category}。请发送参考资料和您的想法，我会在两天内回复。一般交付时间：{days}天。`,
    work: (title) => `${title}。使用{tool}制作。标签：{tags}。经委托人许可发布，请勿转载或二次使用。`,
  },
  "zh-Hant": {
    bio: (category) => `從事${category}創作{years}年。`,
    express: (form) => `${form}（急件）`,
    form: (category) =>
      `${category}委託表單。付款後約{days}天交付，包含1次草稿確認和最多2次修改。請閱讀問題，填寫您能回答的部分。`,
    service: (category) =>
      `為您量身製作${category}。請把參考資料和您的想法傳給我，我會在兩天內回覆。一般交付時間：{days}天。`,
    work: (title) => `${title}。使用{tool}製作。標籤：{tags}。經委託人同意刊登，請勿轉載或挪用。`,
  },
  ko: {
    bio: (category) => `{years}년 경력의 ${category} 크리에이터예요.`,
    express: (form) => `${form} (급행)`,
    form: (category) =>
      `${category} 의뢰 양식이에요. 결제 후 약 {days}일 안에 납품해요. 러프 확인 1회와 수정 2회까지 포함돼요. 질문을 읽고 아는 범위에서 적어 주세요.`,
    service: (category) =>
      `${category}, 원하시는 대로 맞춤 제작해 드려요. 참고 자료와 아이디어를 보내 주세요. 2일 이내에 답장드려요. 보통 납품까지 {days}일 걸려요.`,
    work: (title) =>
      `${title}. 사용 툴: {tool}. 태그: {tags}. 의뢰인의 허락을 받아 게시했어요. 무단 전재·재사용은 삼가 주세요.`,
  },
};
