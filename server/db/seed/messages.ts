/**
 * Messages (sys_msg_info) for every demo user and a few notices (sys_notice). The staff's to-dos are
 * the workflow's own, written as the demo's applications move (server/demo): none is made up here.
 */
import type { CertificateSeed } from './certificates.js';
import { addDays } from '../../lib/days.js';
import { delayReminderText, expiredWithoutDelayText, LOOKBACK_DAYS } from '../../lib/certNotices.js';
import type { PeopleData } from './people.js';
import type { Rng } from './rng.js';
import type { DemoAccount } from './users.js';

export interface MessageSeed {
  userName: string;
  msgType: 'systemType' | 'supervisionType' | 'warnType';
  bt: string;
  nr: string;
  ckzt: '0' | '1';
  daysAgo: number;
  senderName: string;
}

/** The delay window of DOMAIN.md (sys_config's default): the reminders open at its start. */
const DELAY_WINDOW_DAYS = 90;

const SYSTEM: ReadonlyArray<readonly [string, string]> = [
  [
    '系统升级维护通知',
    '为提升服务质量，系统将于本周六22:00至次日06:00进行升级维护，期间暂停业务申报与审批，请提前做好工作安排。',
  ],
  [
    '关于全面启用安管人员电子证书的通知',
    '根据住房和城乡建设部电子证照标准，我省安管人员证书已全面启用电子证书，可通过扫描证书二维码在线核验真伪。',
  ],
  [
    '账户安全提醒',
    '为保障账户安全，请定期修改登录密码。密码长度不少于8位，须包含大写字母、小写字母、数字和特殊字符中的至少三类。',
  ],
  ['业务办理指南更新', '《安管人员证书业务办理指南（2025年版）》已更新，请在首页“操作指南”中查阅最新的申报材料要求。'],
];
const SUPERVISION: ReadonlyArray<readonly [string, string]> = [
  [
    '关于开展建筑施工安全生产专项检查的通知',
    '各有关单位：根据省住房和城乡建设厅工作部署，将于近期开展建筑施工安全生产专项检查，重点检查安管人员持证上岗及履职情况，请做好迎检准备。',
  ],
  [
    '关于加强汛期建筑施工安全管理的通知',
    '汛期将至，各施工企业应落实安全生产主体责任，加强深基坑、高支模、起重机械等危大工程的巡查，确保专职安全生产管理人员在岗履职。',
  ],
  [
    '关于做好安管人员继续教育工作的通知',
    '持证人员应在证书有效期内完成规定学时的继续教育（每年不少于24学时），未完成学时的不予办理延期。',
  ],
  [
    '关于规范安管人员证书延期办理的通知',
    '证书有效期满前3个月内可申请延期，证书过期后不予延期，须重新参加安全生产考核。',
  ],
];

export function buildMessages(
  rng: Rng,
  today: string,
  accounts: readonly DemoAccount[],
  people: PeopleData,
  certs: CertificateSeed[],
): MessageSeed[] {
  const out: MessageSeed[] = [];
  for (const a of accounts) {
    const msgs: Array<Omit<MessageSeed, 'userName' | 'ckzt' | 'daysAgo'>> = [];
    for (const [bt, nr] of rng.shuffle(SYSTEM).slice(0, 2))
      msgs.push({ msgType: 'systemType', bt, nr, senderName: '系统管理员' });
    for (const [bt, nr] of rng.shuffle(SUPERVISION).slice(0, rng.int(1, 2)))
      msgs.push({ msgType: 'supervisionType', bt, nr, senderName: '广东省建筑安全生产管理服务中心' });
    // What the delay-reminder job has sent by this morning, in its words (lib/certNotices.ts): a
    // reminder for each valid certificate inside the delay window, a warning for each that expired
    // without a delay in the last LOOKBACK_DAYS days. The staff's warnings come from the deadline job as it runs.
    const mine = a.person
      ? certs.filter((c) => c.personKey === (a.person === 'person1' ? people.person1 : people.person2) && c.current)
      : a.enterprise !== undefined
        ? certs.filter((c) => c.current && c.entKey === a.enterprise)
        : [];
    const facts = (c: CertificateSeed) => ({
      holderName: people.persons[c.personKey]!.name,
      category: c.category,
      certNo: c.certNo,
      expiryDate: c.expiryDate,
    });
    for (const c of mine
      .filter((x) => x.status === '01' && x.expiryDate >= today && x.expiryDate <= addDays(today, DELAY_WINDOW_DAYS))
      .slice(0, 4)) {
      msgs.push({
        msgType: 'systemType',
        ...delayReminderText(facts(c), today, DELAY_WINDOW_DAYS),
        senderName: '系统',
      });
    }
    if (a.enterprise !== undefined) {
      for (const c of mine
        .filter((x) => x.status === '05' && x.expiryDate < today && x.expiryDate >= addDays(today, -LOOKBACK_DAYS))
        .slice(0, 2)) {
        msgs.push({ msgType: 'warnType', ...expiredWithoutDelayText(facts(c)), senderName: '系统' });
      }
    }
    msgs.forEach((m, i) =>
      out.push({
        ...m,
        userName: a.userName,
        ckzt: i % 2 === 0 || rng.chance(0.3) ? '0' : '1',
        daysAgo: rng.int(0, 40),
      }),
    );
  }
  return out;
}

export const NOTICES: ReadonlyArray<{ noticeTitle: string; noticeType: '1' | '2'; noticeContent: string }> = [
  {
    noticeTitle: '关于安管人员证书业务全面实行网上办理的通知',
    noticeType: '1',
    noticeContent:
      '自即日起，新办、延期、调动、变更、注销等安管人员证书业务全面实行网上申报、网上审批，申请人无需提交纸质材料。',
  },
  {
    noticeTitle: '2025年第三批安管人员安全生产考核合格名单公告',
    noticeType: '2',
    noticeContent: '经考核，现将2025年第三批建筑施工企业安管人员安全生产考核合格人员名单予以公告，公告期5个工作日。',
  },
  {
    noticeTitle: '关于调整咨询服务时间的通知',
    noticeType: '1',
    noticeContent:
      '咨询服务时间调整为工作日上午9:00-12:00，下午14:00-17:30，广州、深圳区域中心及省中心咨询电话详见网站底部。',
  },
];
