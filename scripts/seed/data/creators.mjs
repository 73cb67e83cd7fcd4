/**
 * The hand-written demo creators. Names are 2–16 characters, bios at most 160 (spec section 5).
 * lang: the display and writing language (its texts are the originals). currency: the currency of their prices.
 * prices (optional): fixed JPY prices of their forms, by position (0 = price after hearing the request).
 */
export const DEMO_CREATORS = [
  {
    handle: "democreator", en: "Demo Creator", ja: "デモクリエイター", lang: "en", currency: "JPY", open: true, prices: [0, 5000, 12000],
    categories: ["character-illustration", "chat-sticker-stamp", "membership-subscriber-badge"],
    bio: {
      en: "The demo creator account. Anime-style character art, chat stamps and badges for streamers. Requests open!",
      ja: "デモ用のクリエイターアカウントです。配信者さん向けのキャラクターイラスト、スタンプ、バッジを描いています。受付中！",
    },
  },
  {
    handle: "sakuramochi", en: "Sakura Mochi", ja: "さくらもち", lang: "ja", currency: "JPY", open: true,
    categories: ["character-illustration", "chat-sticker-stamp"],
    bio: {
      en: "Soft pastel illustrator from Kyoto. I love drawing cheerful girls, sweets and cherry blossoms.",
      ja: "京都在住のイラストレーター。パステルカラーで女の子とお菓子と桜を描くのが好きです。",
    },
  },
  {
    handle: "kaitoinoue", en: "Kaito Inoue", ja: "井上 海斗", lang: "ja", currency: "JPY", open: true, prices: [120000, 200000],
    categories: ["live2d-character-rigging", "live2d-character"],
    bio: {
      en: "Live2D rigger with 6 years of experience. Natural physics, expressive eyes and smooth head turns for VTubers.",
      ja: "Live2Dモデラー歴6年。自然な物理演算と表情豊かな目の動き、なめらかな角度の動きが得意です。",
    },
  },
  {
    handle: "yuzuhanami", en: "Yuzu Hanami", ja: "花見ゆず", lang: "ja", currency: "JPY", open: false,
    categories: ["pngtuber-avatar", "membership-subscriber-badge"],
    bio: {
      en: "PNGTuber avatars and subscriber badges. Bright colours, big expressions. Currently fully booked.",
      ja: "PNGTuberアバターとサブスクバッジを制作しています。明るい色と大きな表情が持ち味。現在満枠です。",
    },
  },
  {
    handle: "renkurosawa", en: "Ren Kurosawa", ja: "黒沢 蓮", lang: "ja", currency: "JPY", open: true,
    categories: ["op-ed-animation", "original-animation"],
    bio: {
      en: "Animator. Openings and endings for streams and music, from storyboard to final composite.",
      ja: "アニメーター。配信や楽曲のOP・ED映像を絵コンテから撮影まで一貫して制作します。",
    },
  },
  {
    handle: "mikanbox", en: "Mikan Box", ja: "みかんボックス", lang: "ja", currency: "JPY", open: true,
    categories: ["logo-graphic", "membership-subscriber-badge"],
    bio: {
      en: "Graphic design studio of one. Channel logos, stream overlays and badges with a citrus twist.",
      ja: "ひとりデザイン事務所。チャンネルロゴ、配信画面、バッジなどをデザインしています。",
    },
  },
  {
    handle: "hinatasora", en: "Hinata Sora", ja: "ひなた空", lang: "ja", currency: "JPY", open: true,
    categories: ["illustration-animation", "character-illustration"],
    bio: {
      en: "I bring illustrations to life: blinking, swaying hair, drifting light. Loop animations for streams and SNS.",
      ja: "一枚絵を動かします。まばたき、髪揺れ、光の演出など。配信やSNS用のループアニメーション。",
    },
  },
  {
    handle: "tsukiyomi", en: "Tsukiyomi", ja: "月詠", lang: "ja", currency: "JPY", open: false,
    categories: ["music-video", "illustration-animation"],
    bio: {
      en: "Lyric videos and music videos with a night-sky mood. Vocaloid and utaite covers welcome.",
      ja: "夜空の雰囲気のリリックビデオやMVを制作。ボカロ曲・歌ってみた動画のご依頼歓迎です。",
    },
  },
  {
    handle: "aoiharu", en: "Aoi Haru", ja: "葵はる", lang: "ja", currency: "JPY", open: true,
    categories: ["character-illustration"],
    bio: {
      en: "Character illustrator. Fantasy outfits, armour and detailed accessories are my favourite things to draw.",
      ja: "キャラクターイラストレーター。ファンタジー衣装や鎧、細かいアクセサリーを描くのが大好きです。",
    },
  },
  {
    handle: "shiroinu", en: "Shiro Inu", ja: "しろいぬ", lang: "ja", currency: "JPY", open: true,
    categories: ["chat-sticker-stamp"],
    bio: {
      en: "Cute chibi stamps for Twitch, YouTube and Discord. Sets of 3 to 12, quick turnaround.",
      ja: "Twitch・YouTube・Discord向けのゆるかわちびキャラスタンプ。3個〜12個セット、短納期対応。",
    },
  },
  {
    handle: "kenjimatsuda", en: "Kenji Matsuda", ja: "松田 健二", lang: "ja", currency: "JPY", open: true,
    categories: ["video-on-demand-editing"],
    bio: {
      en: "Video editor for gaming and talk channels. Cuts, captions, sound effects and thumbnails included.",
      ja: "ゲーム実況・雑談チャンネルの動画編集。カット、テロップ、効果音、サムネイルまで対応します。",
    },
  },
  {
    handle: "nanaseriko", en: "Riko Nanase", ja: "七瀬 りこ", lang: "en", currency: "JPY", open: true,
    categories: ["live2d-character", "character-illustration"],
    bio: {
      en: "Designing VTuber characters with layers ready for rigging. Based in Tokyo, I reply in English or Japanese.",
      ja: "モデリング用にパーツ分けしたVTuberキャラクターデザインを制作。東京在住、英語・日本語対応。",
    },
  },
  {
    handle: "elenavoss", en: "Elena Voss", ja: "エレナ・フォス", lang: "en", currency: "USD", open: true,
    categories: ["character-illustration", "logo-graphic"],
    bio: {
      en: "Illustrator from Berlin. Painterly portraits, moody lighting and clean logos for creators.",
      ja: "ベルリン在住のイラストレーター。厚塗りの肖像画、雰囲気のある光の表現、クリエイター向けロゴ。",
    },
  },
  {
    handle: "marcopixel", en: "Marco Pixel", ja: "マルコ・ピクセル", lang: "en", currency: "USD", open: true,
    categories: ["pngtuber-avatar", "chat-sticker-stamp"],
    bio: {
      en: "Pixel artist from Milan. Retro PNGTubers, 8-bit emotes and tiny animated sprites.",
      ja: "ミラノのドット絵作家。レトロなPNGTuber、8bit風エモート、小さなアニメーションスプライト。",
    },
  },
  {
    handle: "leahartwell", en: "Lea Hartwell", ja: "レア・ハートウェル", lang: "en", currency: "USD", open: false,
    categories: ["illustration-animation"],
    bio: {
      en: "Motion illustrator in Manchester. Cosy animated scenes for stream screens and lo-fi channels.",
      ja: "マンチェスターのモーションイラストレーター。配信画面やLo-fiチャンネル向けの心地よい動く背景。",
    },
  },
  {
    handle: "minjiseo", en: "Minji Seo", ja: "ソ・ミンジ", lang: "en", currency: "JPY", open: true,
    categories: ["membership-subscriber-badge", "chat-sticker-stamp"],
    bio: {
      en: "Seoul-based designer. Loyalty badges that grow with your community, from tier 1 to tier 6.",
      ja: "ソウル在住のデザイナー。コミュニティと一緒に成長するメンバーシップバッジを1〜6段階で制作。",
    },
  },
  {
    handle: "lucasmoreau", en: "Lucas Moreau", ja: "ルカ・モロー", lang: "en", currency: "USD", open: true,
    categories: ["music-video", "original-animation"],
    bio: {
      en: "Paris animator and editor. Music videos with hand-drawn frames, bold colour and rhythm.",
      ja: "パリのアニメーター兼編集者。手描きの作画と大胆な色、リズム感のあるMVを制作します。",
    },
  },
  {
    handle: "priyanair", en: "Priya Nair", ja: "プリヤ・ナイル", lang: "en", currency: "USD", open: true,
    categories: ["logo-graphic"],
    bio: {
      en: "Brand designer from Bengaluru. Logos, wordmarks and stream packages with a clear story.",
      ja: "ベンガルール出身のブランドデザイナー。ストーリーのあるロゴ、ロゴタイプ、配信用パッケージ。",
    },
  },
  {
    handle: "owenbrooks", en: "Owen Brooks", ja: "オーウェン", lang: "en", currency: "USD", open: false,
    categories: ["video-on-demand-editing", "music-video"],
    bio: {
      en: "Editor for YouTube documentaries and highlight reels. Pacing, colour and sound that keep people watching.",
      ja: "YouTubeのドキュメンタリーやハイライト動画の編集者。最後まで見たくなるテンポ、色、音作り。",
    },
  },
  {
    handle: "chenyuting", en: "Chen Yuting", ja: "陳 雨婷", lang: "ja", currency: "JPY", open: true,
    categories: ["live2d-character-rigging"],
    bio: {
      en: "Live2D rigger in Taipei. Full-body models, outfit toggles and hand-held props.",
      ja: "台北在住のLive2Dモデラー。全身モデル、衣装差分の切り替え、手持ち小物の実装に対応します。",
    },
  },
  {
    handle: "sofiarossi", en: "Sofia Rossi", ja: "ソフィア・ロッシ", lang: "en", currency: "USD", open: true,
    categories: ["original-animation", "op-ed-animation"],
    bio: {
      en: "2D animator who loves short stories. Character intros, channel trailers and looping title cards.",
      ja: "短い物語が好きな2Dアニメーター。キャラクター紹介、チャンネル予告、ループするタイトル映像。",
    },
  },
  {
    handle: "noahkim", en: "Noah Kim", ja: "ノア・キム", lang: "en", currency: "JPY", open: true,
    categories: ["chat-sticker-stamp", "pngtuber-avatar"],
    bio: {
      en: "Expressive emotes with thick outlines that read well at 28 px. Fast sketches, friendly revisions.",
      ja: "28pxでも読みやすい太線の表情豊かなエモート。ラフは早め、修正も気軽にどうぞ。",
    },
  },
  {
    handle: "amaliasol", en: "Amalia Sol", ja: "アマリア・ソル", lang: "en", currency: "USD", open: true,
    categories: ["character-illustration", "live2d-character"],
    bio: {
      en: "Illustrator from Buenos Aires. Warm palettes, sunlight and characters full of personality.",
      ja: "ブエノスアイレスのイラストレーター。あたたかい色、陽の光、個性あふれるキャラクター。",
    },
  },
  {
    handle: "harutoando", en: "Haruto Ando", ja: "安藤 陽翔", lang: "ja", currency: "JPY", open: true,
    categories: ["op-ed-animation", "video-on-demand-editing"],
    bio: {
      en: "Motion graphics for streams: openings, waiting screens and transitions, made to match your brand.",
      ja: "配信用モーショングラフィックス。OP、待機画面、トランジションをブランドに合わせて制作します。",
    },
  },
  {
    handle: "kumaneko", en: "Kuma Neko", ja: "くまねこ", lang: "ja", currency: "JPY", open: true,
    categories: ["chat-sticker-stamp", "character-illustration"],
    bio: {
      en: "Half bear, half cat. Cute mascot characters and chat stamps for your channel family.",
      ja: "くまとねこのあいだ。チャンネルのマスコットキャラクターやスタンプを制作しています。",
    },
  },
];

export const DEMO_CLIENTS = [
  { handle: "democlient", email: "client@demo.comet.local", en: "Demo Client", ja: "デモクライアント", lang: "en", bio: { en: "The demo client account. I commission art for my streams.", ja: "デモ用の依頼者アカウントです。配信用のイラストを依頼しています。" } },
  { handle: "emilyclark", en: "Emily Clark", ja: "エミリー", lang: "en", bio: { en: "Variety streamer from Toronto.", ja: "トロントの雑談・ゲーム配信者です。" } },
  { handle: "tanakayui", en: "Yui Tanaka", ja: "田中 ゆい", lang: "ja", bio: { en: "Singer and VTuber in training.", ja: "歌ってみた投稿をしている新人VTuberです。" } },
  { handle: "jordanlee", en: "Jordan Lee", ja: "ジョーダン", lang: "en", bio: { en: "Indie game developer looking for art.", ja: "インディーゲーム開発者。イラストを探しています。" } },
];

export const DEMO_ADMIN = { handle: "demoadmin", email: "admin@demo.comet.local", en: "Comet Admin", ja: "Comet運営", lang: "en", bio: { en: "Comet operations team.", ja: "Comet運営チームです。" } };

export const DEMO_BANNED = { handle: "demobanned", email: "banned@demo.comet.local", en: "Banned User", ja: "停止ユーザー", lang: "en", bio: { en: "This demo account is banned.", ja: "このデモアカウントは利用停止中です。" } };

/** Name parts for generated creators beyond the hand-written ones (benchmarks ask for thousands). */
export const NAME_PARTS = {
  jaGiven: [
    ["Haruka", "はるか"], ["Sota", "そうた"], ["Mei", "めい"], ["Yuto", "ゆうと"], ["Rin", "りん"], ["Hana", "はな"],
    ["Riku", "りく"], ["Aoi", "あおい"], ["Mio", "みお"], ["Kanata", "かなた"], ["Sana", "さな"], ["Itsuki", "いつき"],
    ["Nagi", "なぎ"], ["Kotone", "ことね"], ["Minato", "みなと"], ["Yuna", "ゆな"], ["Hikari", "ひかり"], ["Asahi", "あさひ"],
  ],
  jaFamily: [
    ["Sato", "佐藤"], ["Suzuki", "鈴木"], ["Takahashi", "高橋"], ["Ito", "伊藤"], ["Watanabe", "渡辺"], ["Yamamoto", "山本"],
    ["Nakamura", "中村"], ["Kobayashi", "小林"], ["Kato", "加藤"], ["Yoshida", "吉田"], ["Mori", "森"], ["Ishikawa", "石川"],
  ],
  intlGiven: [
    ["Ava", "エイヴァ"], ["Leo", "レオ"], ["Mila", "ミラ"], ["Finn", "フィン"], ["Iris", "アイリス"], ["Hugo", "ユーゴ"],
    ["Nora", "ノラ"], ["Ezra", "エズラ"], ["Luna", "ルナ"], ["Theo", "テオ"], ["Zoe", "ゾーイ"], ["Omar", "オマール"],
    ["Ines", "イネス"], ["Kai", "カイ"], ["Maya", "マヤ"], ["Ivan", "イヴァン"],
  ],
  intlFamily: [
    ["Silva", "シルバ"], ["Novak", "ノヴァク"], ["Berg", "ベルク"], ["Costa", "コスタ"], ["Park", "パク"], ["Reyes", "レイエス"],
    ["Fischer", "フィッシャー"], ["Laurent", "ローラン"], ["Walsh", "ウォルシュ"], ["Haddad", "ハダッド"], ["Lind", "リンド"], ["Ortiz", "オルティス"],
  ],
};
