// Every UI string of the portal, Chinese and English, in one table (English mode reads `en`). Screens
// read them with useT() (client/i18n.tsx); loaders and documents with t(). Add keys; keep them sorted
// by screen family. `{name}` placeholders are filled from `vars`.

import { fillVars, type Vars } from './fill-vars.ts';

export type Lang = 'zh' | 'en';
export type { Vars };

interface Entry {
  zh: string;
  en: string;
}

export const UI = {
  // Site and frame (platform: header, menu, footer, banner, breadcrumb, documents)
  'site.title': { zh: '云溪博物馆', en: 'Yunxi Museum' },
  'site.description': {
    zh: '云溪博物馆官方网站：展览、典藏、学术研究、社会教育与参观服务。',
    en: 'Official website of the Yunxi Museum: exhibitions, collections, research, education and visitor services.',
  },
  'site.pageTitle': { zh: '{page} - {site}', en: '{page} - {site}' },
  'frame.skip': { zh: '跳到主要内容', en: 'Skip to main content' },
  'frame.home': { zh: '首页', en: 'Home' },
  'frame.logo': { zh: '{site}首页', en: '{site} home' },
  'frame.search': { zh: '搜索', en: 'Search' },
  'frame.menu': { zh: '栏目导航', en: 'Site navigation' },
  // The phone menu's landmark: named apart from the desktop menu's, which is in the same document.
  'frame.menuAll': { zh: '全部栏目', en: 'All sections' },
  'frame.menuOpen': { zh: '菜单', en: 'Menu' },
  'frame.menuClose': { zh: '关闭菜单', en: 'Close menu' },
  'frame.subMenu': { zh: '{name}子栏目', en: '{name} sections' },
  'frame.newTab': { zh: '（在新窗口打开）', en: ' (opens in a new tab)' },
  'frame.language': { zh: 'English', en: '中文' },
  'frame.languageLabel': { zh: '切换到英文网站', en: 'Switch to the Chinese site' },
  'frame.breadcrumb': { zh: '当前位置', en: 'You are here' },
  'frame.detail': { zh: '正文', en: 'Article' },
  'frame.sections': { zh: '{name}栏目', en: '{name} sections' },
  'care.on': { zh: '关怀模式', en: 'Large text' },
  'care.off': { zh: '退出关怀模式', en: 'Standard text' },
  'care.label': { zh: '关怀模式：大字号、高对比度', en: 'Large text and high contrast' },
  'care.guide': { zh: '阅读辅助线', en: 'Reading guide' },
  'care.strip': { zh: '阅读辅助', en: 'Reading aids' },
  'calendar.add': { zh: '加入日历', en: 'Add to calendar' },
  'calendar.hint': { zh: '下载 .ics 日历文件', en: 'Download an .ics calendar file' },
  'footer.follow': { zh: '关注我们', en: 'Follow us' },
  'footer.wechat': { zh: '微信', en: 'WeChat' },
  'footer.xiaohongshu': { zh: '小红书', en: 'Xiaohongshu' },
  'footer.douyin': { zh: '抖音', en: 'Douyin' },
  'footer.qrAlt': { zh: '{name}二维码', en: '{name} QR code' },
  'footer.copyright': { zh: '© {from}–{to} {site} 版权所有', en: '© {from}–{to} {site}. All rights reserved.' },
  'footer.filing': { zh: '京ICP备18012345号-1', en: 'Beijing ICP No. 18012345-1' },
  'footer.police': { zh: '京公网安备 11010102001234号', en: 'Beijing Public Security No. 11010102001234' },
  'footer.badge': { zh: '党政机关网站标识', en: 'Government website identification' },
  'footer.address': { zh: '地址：北京市东城区文博路 1 号', en: 'Address: 1 Wenbo Road, Dongcheng District, Beijing' },
  'footer.hours': { zh: '开放时间：周二至周日 9:00–17:00（16:00 停止入馆）', en: 'Open Tuesday–Sunday 9:00–17:00 (last entry 16:00)' },

  // Not-found and error pages
  'notFound.title': { zh: '页面未找到', en: 'Page not found' },
  'notFound.sentence': { zh: '很抱歉，无法打开您要找的页面！', en: 'Sorry, the page you are looking for cannot be opened!' },
  'notFound.causes': { zh: '可能的原因：', en: 'Possible reasons:' },
  'notFound.network': { zh: '网络信号中断或不稳定；', en: 'The network connection was lost or is unstable;' },
  'notFound.missing': { zh: '该页面不存在或已被删除；', en: 'The page does not exist or has been removed;' },
  'notFound.address': { zh: '网址输入有误或页面已移动；', en: 'The address is wrong or the page has moved;' },
  'notFound.goHome': { zh: '您可以返回{home}继续浏览。', en: 'You can go to the {home} and continue from there.' },
  'notFound.homeLink': { zh: '网站首页', en: 'home page' },
  'error.title': { zh: '服务暂时不可用', en: 'Service temporarily unavailable' },
  'error.sentence': {
    zh: '很抱歉，网站内容服务暂时无法访问，请稍后刷新重试。',
    en: 'Sorry, the content service cannot be reached at the moment. Please try again shortly.',
  },
  'error.retry': { zh: '重新加载', en: 'Try again' },

  // Pager
  'pager.prev': { zh: '上一页', en: 'Previous' },
  'pager.next': { zh: '下一页', en: 'Next' },
  'pager.first': { zh: '首页', en: 'First page' },
  'pager.last': { zh: '末页', en: 'Last page' },
  'pager.total': { zh: '总页数', en: 'Total pages' },
  'pager.jump': { zh: '确定', en: 'Go' },
  'pager.pageTitle': { zh: '第{n}页', en: 'Page {n}' },
  'pager.jumpLabel': { zh: '跳转到页码', en: 'Go to page' },
  'pager.label': { zh: '分页', en: 'Pagination' },

  // Lists
  'list.empty': { zh: '暂无内容', en: 'No content yet' },
  'list.readMore': { zh: '查看详情', en: 'Read more' },
  'list.place': { zh: '地点', en: 'Place' },
  'list.time': { zh: '时间', en: 'Time' },

  // Article detail
  'detail.publishDate': { zh: '发布时间', en: 'Published' },
  'detail.source': { zh: '来源', en: 'Source' },
  'detail.visits': { zh: '浏览量', en: 'Views' },
  'detail.like': { zh: '点赞', en: 'Like' },
  'detail.unlike': { zh: '取消点赞', en: 'Unlike' },
  'detail.likes': { zh: '{n} 人点赞', en: '{n} likes' },
  'detail.gallery': { zh: '图集', en: 'Gallery' },
  'detail.attachment': { zh: '附件', en: 'Attachment' },
  'detail.pdfDownload': { zh: '下载 PDF：{name}', en: 'Download PDF: {name}' },
  'detail.imageOf': { zh: '第 {n} 张，共 {total} 张', en: 'Image {n} of {total}' },
  'detail.close': { zh: '关闭', en: 'Close' },
  'detail.prevImage': { zh: '上一张', en: 'Previous image' },
  'detail.nextImage': { zh: '下一张', en: 'Next image' },
  'detail.likeFailed': { zh: '操作未成功，请稍后再试', en: 'That did not work; please try again later' },

  // Search page
  'search.placeholder': { zh: '关键词', en: 'Keyword' },
  'search.button': { zh: '搜索', en: 'Search' },
  'search.label': { zh: '站内搜索', en: 'Site search' },
  'search.tip': { zh: '共找到 {n} 条相关内容', en: 'Found {n} related items' },
  'search.prompt': { zh: '请输入关键词进行搜索', en: 'Enter a keyword to search' },
  'search.none': { zh: '没有找到与“{key}”相关的内容', en: 'Nothing found for “{key}”' },
  'search.title': { zh: '搜索', en: 'Search' },

  // Home: picture slider and sections
  'slider.label': { zh: '馆藏与展览图片轮播', en: 'Featured pictures' },
  'slider.slide': { zh: '第 {n} 张，共 {total} 张', en: 'Slide {n} of {total}' },
  'slider.prev': { zh: '上一张', en: 'Previous slide' },
  'slider.next': { zh: '下一张', en: 'Next slide' },
  'slider.pause': { zh: '暂停轮播', en: 'Pause the slideshow' },
  'slider.play': { zh: '继续轮播', en: 'Play the slideshow' },
  'slider.thumbs': { zh: '选择图片', en: 'Choose a slide' },
  'slider.goto': { zh: '第 {n} 张：{title}', en: 'Slide {n}: {title}' },
  'home.heading': { zh: '{site}首页', en: '{site} home' },
  'home.news': { zh: '新闻资讯', en: 'News' },
  'home.exhibitions': { zh: '正在展出', en: 'On view' },
  'home.collections': { zh: '典藏精品', en: 'Collection highlights' },
  'home.activities': { zh: '近期活动', en: 'Upcoming activities' },
  'home.stats': { zh: '访问统计', en: 'Visitor statistics' },
  'home.all': { zh: '全部{name}', en: 'All {name}' },
  'home.statsTotal': { zh: '累计访问', en: 'Total visits' },
  'home.statsToday': { zh: '今日访问', en: 'Visits today' },
  'home.statsPv': { zh: '近 {days} 日浏览量', en: 'Page views, last {days} days' },
  'home.statsUv': { zh: '近 {days} 日访客', en: 'Visitors, last {days} days' },
  'home.statsChart': { zh: '近 {days} 日每日浏览量', en: 'Daily page views, last {days} days' },

  // Exhibitions
  'exh.phase.current': { zh: '展览中', en: 'On view' },
  'exh.phase.upcoming': { zh: '即将开展', en: 'Coming soon' },
  'exh.phase.past': { zh: '已闭展', en: 'Closed' },
  'exh.dates': { zh: '展期', en: 'Dates' },
  'exh.place': { zh: '展览地点', en: 'Venue' },
  'exh.longTerm': { zh: '长期展出', en: 'Long-term display' },
  'exh.location': { zh: '展厅位置', en: 'Where to find it' },
  'exh.floorPlan': { zh: '展厅平面示意图', en: 'Floor plan of the galleries' },
  'exh.marker': {
    zh: '{name}：在平面图的{area}（入口在南面）',
    en: '{name}: in the {area} of the plan (the entrance is on the south side)',
  },
  'exh.area.nw': { zh: '西北部', en: 'north-west' },
  'exh.area.n': { zh: '北部', en: 'north' },
  'exh.area.ne': { zh: '东北部', en: 'north-east' },
  'exh.area.w': { zh: '西部', en: 'west' },
  'exh.area.c': { zh: '中部', en: 'centre' },
  'exh.area.e': { zh: '东部', en: 'east' },
  'exh.area.sw': { zh: '西南部', en: 'south-west' },
  'exh.area.s': { zh: '南部', en: 'south' },
  'exh.area.se': { zh: '东南部', en: 'south-east' },
  'exh.entrance': { zh: '入口', en: 'Entrance' },
  'exh.exhibits': { zh: '展品', en: 'Exhibits' },
  'exh.images': { zh: '展览图片', en: 'Images' },
  'exh.visitSite': { zh: '访问展览网站', en: 'Visit the exhibition site' },
  'exh.iiifCollection': { zh: '本展览展品的 IIIF 资源集合', en: "IIIF collection of the exhibition's exhibits" },
  'exh.backToList': { zh: '返回展览列表', en: 'Back to the exhibitions' },
  'exh.states': { zh: '展览状态', en: 'Exhibitions by status' },
  'exh.state.all': { zh: '全部', en: 'All' },
  'exh.state.current': { zh: '正在展出', en: 'On view' },
  'exh.state.upcoming': { zh: '即将开展', en: 'Coming soon' },
  'exh.state.past': { zh: '往期展览', en: 'Past exhibitions' },
  'exh.count': { zh: '共 {n} 个展览', en: '{n} exhibitions' },

  // Collections
  'col.types': { zh: '文物类别', en: 'Object types' },
  'col.allTypes': { zh: '全部', en: 'All' },
  'col.levels': { zh: '文物级别', en: 'Grades' },
  'col.allLevels': { zh: '全部', en: 'All' },
  'col.ages': { zh: '文物年代', en: 'Periods' },
  'col.allAges': { zh: '全部', en: 'All' },
  'col.count': { zh: '共 {n} 件', en: '{n} objects' },
  'col.name': { zh: '名称', en: 'Name' },
  'col.type': { zh: '类别', en: 'Type' },
  'col.age': { zh: '年代', en: 'Period' },
  'col.ageDetail': { zh: '具体年代', en: 'Date' },
  'col.size': { zh: '尺寸', en: 'Dimensions' },
  'col.level': { zh: '级别', en: 'Grade' },
  'col.unit': { zh: '收藏单位', en: 'Held by' },
  'col.source': { zh: '来源', en: 'Provenance' },
  'col.description': { zh: '文物介绍', en: 'About this object' },
  'col.explanation': { zh: '文物解读', en: 'Commentary' },
  'col.images': { zh: '文物图片', en: 'Images' },
  'col.model': { zh: '查看三维模型', en: 'View the 3D model' },
  'col.backToList': { zh: '返回藏品列表', en: 'Back to the collection' },

  // Activities
  'act.types': { zh: '活动类型', en: 'Activity types' },
  'act.allTypes': { zh: '全部', en: 'All' },
  'act.count': { zh: '共 {n} 项活动', en: '{n} activities' },
  'act.time': { zh: '活动时间', en: 'Time' },
  'act.venue': { zh: '活动地点', en: 'Venue' },
  'act.type': { zh: '活动类别', en: 'Category' },
  'act.reserveWindow': { zh: '预约时间', en: 'Reservations' },
  'act.age': { zh: '适合年龄', en: 'Ages' },
  'act.reserveType': { zh: '预约方式', en: 'How to reserve' },
  'act.reserveStatus': { zh: '预约状态', en: 'Reservation status' },
  'act.status': { zh: '活动状态', en: 'Status' },
  'act.signUp': { zh: '在线报名', en: 'Sign up online' },
  'act.about': { zh: '活动介绍', en: 'About this activity' },
  'act.back': { zh: '返回活动列表', en: 'Back to activities' },
  'act.empty': { zh: '暂无此类活动', en: 'No activities of this kind yet' },
  'act.unknown': { zh: '待定', en: 'To be announced' },

  // Forms (visitor messages, questionnaires)
  'form.required': { zh: '必填', en: 'required' },
  'form.requiredNote': { zh: '带 * 的为必填项', en: 'Fields marked * are required' },
  'form.invalid': { zh: '有 {n} 处需要修改，请查看标出的内容。', en: 'Please check the {n} marked item(s).' },
  'form.failedUpstream': {
    zh: '提交失败，请稍后重试，您填写的内容已保留。',
    en: 'Sending failed. Please try again in a moment; everything you entered has been kept.',
  },
  'form.refused': {
    zh: '博物馆未接受此次提交：{detail}。您填写的内容已保留，请修改后重试。',
    en: 'The museum did not accept this: {detail}. Everything you entered has been kept; please correct it and try again.',
  },
  'form.rateLimited': {
    zh: '提交过于频繁，请稍候一分钟再试，您填写的内容已保留。',
    en: 'Too many submissions. Please wait a minute and try again; everything you entered has been kept.',
  },

  // Visitor messages
  'msg.board': { zh: '留言板', en: 'Message board' },
  'msg.count': { zh: '共 {n} 条留言', en: '{n} messages' },
  'msg.anonymous': { zh: '游客', en: 'Visitor' },
  'msg.asked': { zh: '留言时间', en: 'Written' },
  'msg.reply': { zh: '馆方回复', en: 'Museum reply' },
  'msg.empty': { zh: '暂无留言', en: 'No messages yet' },
  'msg.listFailed': {
    zh: '留言列表暂时无法加载，请稍后刷新页面；您仍可在下方留言。',
    en: 'The messages cannot be shown right now; please reload later. You can still leave a message below.',
  },
  'msg.formTitle': { zh: '我要留言', en: 'Leave a message' },
  'msg.formNote': {
    zh: '留言经本馆回复后与回复一同公开；姓名以外的联系方式仅用于工作人员联系您，不会公开。',
    en: "Messages are published together with the museum's reply. Your phone and e-mail are only used to contact you and are never shown.",
  },
  'msg.name': { zh: '姓名', en: 'Name' },
  'msg.nameHint': { zh: '2至5个汉字，可不填', en: 'Optional' },
  'msg.phone': { zh: '手机号码', en: 'Mobile phone' },
  'msg.phoneHint': { zh: '可不填', en: 'Optional; mainland China number' },
  'msg.email': { zh: '电子邮箱', en: 'E-mail' },
  'msg.emailHint': { zh: '可不填', en: 'Optional' },
  'msg.type': { zh: '留言类型', en: 'Type' },
  'msg.content': { zh: '留言内容', en: 'Your message' },
  'msg.contentHint': { zh: '不超过{max}字，不能包含HTML标签', en: 'At most {max} characters, no HTML tags' },
  'msg.submit': { zh: '提交留言', en: 'Send message' },
  'msg.sent': {
    zh: '感谢您的留言！留言将在本馆回复后与回复一同显示在留言板上。',
    en: "Thank you for your message! It will appear on the board together with the museum's reply.",
  },

  // Questionnaires
  'qn.title': { zh: '问卷调查', en: 'Questionnaires' },
  'qn.periodValue': { zh: '调查时间：{period}', en: 'Open {period}' },
  'qn.state.open': { zh: '进行中', en: 'Open' },
  'qn.state.upcoming': { zh: '未开始', en: 'Not open yet' },
  'qn.state.closed': { zh: '已结束', en: 'Closed' },
  'qn.answer': { zh: '参与调查', en: 'Take part' },
  'qn.results': { zh: '查看结果', en: 'See the results' },
  'qn.empty': { zh: '暂无问卷', en: 'No questionnaires yet' },
  'qn.required': { zh: '必答', en: 'required' },
  'qn.requiredNote': { zh: '带 * 的为必答题', en: 'Questions marked * need an answer' },
  'qn.single': { zh: '单选', en: 'choose one' },
  'qn.multiple': { zh: '多选', en: 'choose any' },
  'qn.other': { zh: '其他', en: 'Other' },
  'qn.otherText': { zh: '请填写其他内容', en: 'Your other answer' },
  'qn.submit': { zh: '提交问卷', en: 'Submit answers' },
  'qn.thanks': { zh: '感谢您的参与！以下是目前的调查结果。', en: 'Thank you for taking part! Here are the results so far.' },
  'qn.closedNotice': { zh: '本问卷已结束，以下为调查结果。', en: 'This questionnaire has closed; here are its results.' },
  'qn.upcomingNotice': {
    zh: '本问卷将于 {start} 开始，目前只能查看结果。',
    en: 'This questionnaire opens on {start}; for now you can only see its results.',
  },
  'qn.responses': { zh: '共 {n} 人参与', en: '{n} responses' },
  'qn.answerResult': { zh: '{count} 票，{percent}%', en: '{count} votes, {percent}%' },
  'qn.otherAnswers': { zh: '“其他”的回答', en: 'Other answers' },
  'qn.back': { zh: '返回问卷列表', en: 'Back to questionnaires' },
  'qn.toAnswer': { zh: '返回问卷', en: 'Back to the questionnaire' },

  // Loading states
  'state.loading': { zh: '加载中', en: 'Loading' },
} as const satisfies Record<string, Entry>;

export type UiKey = keyof typeof UI;

/** The string of `key` in `lang`, with `{name}` placeholders filled. */
export function t(lang: Lang, key: UiKey, vars?: Vars): string {
  return fillVars(UI[key][lang], vars);
}

/**
 * The strings of one language whose keys are named or start with one of `names` (`'msg.'`): what an
 * island takes with it, since its script carries no dictionary (shared/islands.ts).
 */
export function textsOf(lang: Lang, names: readonly string[]): Record<string, string> {
  const wanted = (key: string) => names.some((n) => (n.endsWith('.') ? key.startsWith(n) : key === n));
  return Object.fromEntries(Object.entries(UI).flatMap(([key, entry]) => (wanted(key) ? [[key, entry[lang] as string]] : [])));
}
