/**
 * Messages (sys_msg_info) for every demo user and a few notices (sys_notice). The staff's to-dos are
 * the workflow's own, written as the demo's applications move (server/demo): none is made up here.
 */
import type { CertificateSeed } from './certificates.js';
import type { EnterpriseSeed } from './enterprises.js';
import type { PeopleData } from './people.js';
import type { Rng } from './rng.js';
import type { DemoAccount } from './users.js';

export interface MessageSeed { userName: string; msgType: 'systemType' | 'supervisionType' | 'warnType'; bt: string; nr: string; ckzt: '0' | '1'; daysAgo: number; senderName: string }

const fmt = (d: string) => `${d.slice(0, 4)}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

const SYSTEM: ReadonlyArray<readonly [string, string]> = [
  ['系统升级维护通知', '为提升服务质量，系统将于本周六22:00至次日06:00进行升级维护，期间暂停业务申报与审批，请提前做好工作安排。'],
  ['关于全面启用安管人员电子证书的通知', '根据住房和城乡建设部电子证照标准，我省安管人员证书已全面启用电子证书，可通过扫描证书二维码在线核验真伪。'],
  ['账户安全提醒', '为保障账户安全，请定期修改登录密码。密码长度不少于8位，须包含大写字母、小写字母、数字和特殊字符中的至少三类。'],
  ['业务办理指南更新', '《安管人员证书业务办理指南（2025年版）》已更新，请在首页“操作指南”中查阅最新的申报材料要求。'],
];
const SUPERVISION: ReadonlyArray<readonly [string, string]> = [
  ['关于开展建筑施工安全生产专项检查的通知', '各有关单位：根据省住房和城乡建设厅工作部署，将于近期开展建筑施工安全生产专项检查，重点检查安管人员持证上岗及履职情况，请做好迎检准备。'],
  ['关于加强汛期建筑施工安全管理的通知', '汛期将至，各施工企业应落实安全生产主体责任，加强深基坑、高支模、起重机械等危大工程的巡查，确保专职安全生产管理人员在岗履职。'],
  ['关于做好安管人员继续教育工作的通知', '持证人员应在证书有效期内完成规定学时的继续教育（每年不少于24学时），未完成学时的不予办理延期。'],
  ['关于规范安管人员证书延期办理的通知', '证书有效期满前3个月内可申请延期，证书过期后不予延期，须重新参加安全生产考核。'],
];

export function buildMessages(rng: Rng, today: string, accounts: readonly DemoAccount[], enterprises: EnterpriseSeed[], people: PeopleData, certs: CertificateSeed[]): MessageSeed[] {
  const out: MessageSeed[] = [];
  const entCerts = (entKey: number) => certs.filter((c) => c.current && c.entKey === entKey && c.status === '01').sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  for (const a of accounts) {
    const msgs: Array<Omit<MessageSeed, 'userName' | 'ckzt' | 'daysAgo'>> = [];
    for (const [bt, nr] of rng.shuffle(SYSTEM).slice(0, 2)) msgs.push({ msgType: 'systemType', bt, nr, senderName: '系统管理员' });
    for (const [bt, nr] of rng.shuffle(SUPERVISION).slice(0, rng.int(1, 2))) msgs.push({ msgType: 'supervisionType', bt, nr, senderName: '广东省建筑安全生产管理服务中心' });
    if (a.person) {
      const key = a.person === 'person1' ? people.person1 : people.person2;
      for (const c of certs.filter((x) => x.personKey === key && x.current && x.status === '01')) {
        msgs.push({ msgType: 'warnType', bt: '证书到期提醒', nr: `您持有的证书${c.certNo}将于${fmt(c.expiryDate)}到期，请在到期前3个月内通过所在企业申请延期，并确保继续教育学时满足要求。`, senderName: '系统' });
      }
      msgs.push({ msgType: 'warnType', bt: '继续教育学时提醒', nr: '请关注本人继续教育学时完成情况，学时不足将影响证书延期办理。', senderName: '系统' });
    } else if (a.enterprise !== undefined) {
      const soon = entCerts(a.enterprise).filter((c) => c.expiryDate <= today.replace(/^\d{4}/, (y) => String(Number(y) + 1)));
      const names = soon.slice(0, 3).map((c) => people.persons[c.personKey]!.name).join('、');
      msgs.push({ msgType: 'warnType', bt: '本单位证书即将到期预警', nr: `本单位有${soon.length}本安管人员证书将于一年内到期${names ? `（含${names}等）` : ''}，请及时组织办理延期。`, senderName: '系统' });
      const e = enterprises[a.enterprise]!;
      msgs.push({ msgType: 'warnType', bt: '安全生产许可证有效期提醒', nr: `贵单位安全生产许可证${e.licenceNo}有效期至${fmt(e.licenceValidTo)}，请在有效期满前办理延续手续。`, senderName: '系统' });
    } else if (a.userType === '02') {
      msgs.push({ msgType: 'warnType', bt: '业务办理时限预警', nr: `有${rng.int(2, 6)}件证书申请距法定办结时限（受理之日起20个工作日）不足5个工作日，请尽快办理。`, senderName: '系统' });
    } else {
      msgs.push({ msgType: 'warnType', bt: '账户安全预警', nr: `检测到账户 ${rng.pick(['gz_cs', 'ent_sz', 'person2'])} 连续登录失败5次，已自动锁定10分钟。`, senderName: '系统' });
    }
    msgs.forEach((m, i) => out.push({ ...m, userName: a.userName, ckzt: i % 2 === 0 || rng.chance(0.3) ? '0' : '1', daysAgo: rng.int(0, 40) }));
  }
  return out;
}

export const NOTICES: ReadonlyArray<{ noticeTitle: string; noticeType: '1' | '2'; noticeContent: string }> = [
  { noticeTitle: '关于安管人员证书业务全面实行网上办理的通知', noticeType: '1', noticeContent: '自即日起，新办、延期、调动、变更、注销等安管人员证书业务全面实行网上申报、网上审批，申请人无需提交纸质材料。' },
  { noticeTitle: '2025年第三批安管人员安全生产考核合格名单公告', noticeType: '2', noticeContent: '经考核，现将2025年第三批建筑施工企业安管人员安全生产考核合格人员名单予以公告，公告期5个工作日。' },
  { noticeTitle: '关于调整咨询服务时间的通知', noticeType: '1', noticeContent: '咨询服务时间调整为工作日上午9:00-12:00，下午14:00-17:30，广州、深圳区域中心及省中心咨询电话详见网站底部。' },
];
