// Visitor messages of the message board: questions, suggestions, praise and complaints, most with
// a reply from the museum. Three Chinese ones are not published (awaiting moderation).
import type { Pair } from './bilingual.ts';
import { addDays, at, randomMoment } from './dates.ts';
import type { Counter } from './ids.ts';
import { MUSEUM } from './museum.ts';
import type { Rng } from './prng.ts';
import type { DemoMessage } from './types.ts';

type MessageType = 'consult' | 'suggest' | 'praise' | 'complain';
type Entry = readonly [MessageType, string, string];

/** Dictionary MESSAGE_TYPE: the vendor codes messages are stored with, and their names. */
export const MESSAGE_TYPE_CODES: Record<MessageType, { value: string; name: Pair }> = {
  consult: { value: 'cms1101', name: ['咨询', 'Enquiry'] },
  suggest: { value: 'cms1102', name: ['建议', 'Suggestion'] },
  praise: { value: 'cms1103', name: ['表扬', 'Praise'] },
  complain: { value: 'cms1104', name: ['投诉', 'Complaint'] },
};

const ZH: Entry[] = [
  ['consult', '请问周一闭馆吗？法定节假日是否正常开放？', '您好，本馆每周一闭馆，法定节假日除外，节假日期间正常开放。欢迎您前来参观。'],
  [
    'consult',
    '想组织单位团体参观，请问需要提前几天预约？',
    '您好，团体参观请提前三个工作日通过官方网站预约，每团不超过三十人，如需讲解可一并预约。',
  ],
  ['consult', '展厅里可以拍照吗？', '您好，除特别标注的展品外，展厅内可以拍照，但请勿使用闪光灯、三脚架和自拍杆。'],
  ['consult', '请问青铜器展厅在几楼？', '您好，“吉金华章——商周青铜器陈列”位于主楼一层第2展厅，入馆后右转即到。'],
  ['consult', '今年的志愿者招募什么时候开始报名？', '您好，年度志愿者招募一般在每年三月发布公告，请关注官方网站“志愿招募”栏目。'],
  ['consult', '请问有英文讲解服务吗？外国朋友想来参观。', '您好，本馆提供英文语音导览，英文人工讲解需提前五个工作日预约。'],
  [
    'consult',
    '带八岁的孩子参观，有没有适合的研学活动？',
    '您好，社教活动栏目会定期发布亲子活动和研学课程，适合6至12岁的孩子参加，欢迎预约。',
  ],
  ['consult', '请问馆区停车场收费吗？', '您好，馆区地下停车场按市物价部门标准收费，节假日车位紧张，建议绿色出行。'],
  ['consult', '瓷器展里的那件青花梅瓶还在展出吗？', ''],
  ['consult', '请问可以借用轮椅吗？家里老人腿脚不方便。', '您好，一层服务台提供轮椅免费借用，凭有效证件登记即可。'],
  ['suggest', '建议在展厅增加一些座椅，方便老人中途休息。', '感谢您的建议，我们已在各展厅出入口增设休息座椅。'],
  ['suggest', '希望周末能延长开放时间，下班后也能来看展。', '感谢您的建议，本馆在夏季和节假日已实行延时开放，具体安排请关注通知公告。'],
  ['suggest', '建议文创商店多推出一些青铜器主题的产品，很受欢迎。', '感谢您的建议，青铜纹样系列新品将于近期上架，敬请期待。'],
  [
    'suggest',
    '部分展签字体偏小，建议适当放大，或者增加二维码讲解。',
    '感谢您的建议，我们将在展陈提升中统一调整展签字号并增加语音讲解二维码。',
  ],
  ['suggest', '希望多举办一些书画鉴赏类的公益讲座。', ''],
  ['suggest', '建议推出儿童版语音导览，孩子更容易听懂。', '感谢您的建议，儿童版语音导览已在基本陈列中上线。'],
  ['suggest', '希望官网能提供展览的高清图片下载，方便学习。', ''],
  ['praise', '讲解员非常专业，讲得生动有趣，孩子听得很入迷！', '感谢您的肯定，我们会继续努力为观众提供优质的讲解服务。'],
  ['praise', '“吉金鉴古”展览太震撼了，青铜器的纹饰精美极了，值得一看再看。', '感谢您的喜爱，欢迎您继续关注我馆展览。'],
  ['praise', '志愿者服务热情周到，为你们点赞！', '感谢您的鼓励，我们会把您的肯定转达给志愿者们。'],
  ['praise', '书画展布置得很用心，灯光柔和，看得很舒服。', '感谢您的肯定，展厅照明经过专门设计，兼顾文物保护与观赏效果。'],
  ['praise', '免费开放真是惠民好事，感谢博物馆！', '感谢您的支持，欢迎常来博物馆走走。'],
  ['praise', '数字展览做得很好，在家也能看到很多文物细节。', ''],
  ['praise', '社教活动组织得井井有条，孩子收获很大。', '感谢您的认可，更多活动请关注社教活动栏目。'],
  ['complain', '周末人太多，线上预约很难约上。', '非常抱歉给您带来不便。节假日期间我们已增加预约名额，建议您选择工作日错峰参观。'],
  ['complain', '部分展柜玻璃反光严重，看不清里面的文物。', '感谢您的反馈，我们已安排对相关展柜更换低反射玻璃。'],
  ['complain', '馆内餐厅价格偏高。', ''],
  ['complain', '停车场入口指引不够清楚，绕了好几圈才找到。', '非常抱歉，我们已在周边道路增设停车场指示牌。'],
  ['complain', '寄存柜数量太少，高峰期需要排队。', '感谢您的反馈，我们已在东侧入口增加一组自助寄存柜。'],
  ['consult', '请问在哪里可以买到展览图录？', '您好，展览图录可在一层文创商店或官方网店购买。'],
];

/** Not yet published: the list never shows these. */
const ZH_PENDING: Entry[] = [
  ['consult', '请问下个月有哪些临时展览？', ''],
  ['suggest', '建议增加夜场开放。', ''],
  ['complain', '今天讲解器租借处无人值守。', ''],
];

const EN: Entry[] = [
  [
    'consult',
    'Is there an English audio guide for the bronze gallery?',
    'Yes. English audio guides are available free at the information desk on Level 1.',
  ],
  ['praise', 'A wonderful museum. The bronze galleries are world class.', 'Thank you for your kind words. We hope to welcome you again.'],
  [
    'suggest',
    'It would help to have more English labels in the temporary exhibitions.',
    'Thank you. English labels are being added to all new exhibitions.',
  ],
  ['consult', 'Can I bring a small backpack into the galleries?', 'Small backpacks are welcome; larger bags go to the free cloakroom.'],
  ['complain', 'The queue for the cloakroom was very long on Saturday.', ''],
  [
    'praise',
    'The volunteer who showed us around was so knowledgeable. Thank you!',
    'Thank you! We will pass your message on to our volunteers.',
  ],
];

const ZH_NAMES = ['王女士', '李先生', '张同学', '刘老师', '陈先生', '杨女士', '赵先生', '黄同学', '周女士', '吴先生', '徐女士', '孙先生'];
const EN_NAMES = ['Emma Wilson', 'James Brown', 'Sophie Martin', 'Daniel Lee', 'Olivia Chen', 'Lucas Schmidt'];

/** What a visitor left out is missing (null), as deployed services store it. */
function message(rng: Rng, id: number, entry: Entry, name: string, published: boolean): DemoMessage {
  const [type, content, reply] = entry;
  const created = randomMoment(rng, '2024-01-05', '2026-11-10');
  const replyDay = addDays(created.slice(0, 10), rng.int(1, 4));
  const withReply = published && reply !== '';
  const source = rng.chance(0.7) ? 'web' : 'wx';
  return {
    messageId: id,
    source,
    content,
    createTime: created,
    email: rng.chance(0.2) ? `visitor${String(id).padStart(3, '0')}@example.com` : null,
    name: rng.chance(0.8) ? name : null,
    phoneNumber: rng.chance(0.3) ? `1${rng.pick(['38', '39', '58', '86'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}` : null,
    type: MESSAGE_TYPE_CODES[type].value,
    replyMessage: withReply ? reply : null,
    replyTime: withReply ? at(replyDay, rng.int(9, 17), rng.int(0, 59)) : null,
    // The mini-program sends the museum's organisation id; the old web form did not.
    orgId: source === 'wx' ? MUSEUM.orgId : null,
    isPublished: published,
  };
}

export function messages(rng: Rng, ids: Counter): DemoMessage[] {
  return [
    ...ZH.map((e, i) => message(rng, ids.next(), e, ZH_NAMES[i % ZH_NAMES.length] ?? '', true)),
    ...ZH_PENDING.map((e, i) => message(rng, ids.next(), e, ZH_NAMES[(i + 5) % ZH_NAMES.length] ?? '', false)),
    ...EN.map((e, i) => message(rng, ids.next(), e, EN_NAMES[i] ?? '', true)),
  ];
}
