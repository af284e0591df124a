/** Builds the whole demo data set in memory (deterministic for a given `now`) and inserts it in batches. */
import { inArray } from 'drizzle-orm';
import {
  educationRecord,
  employmentRecord,
  enterprise,
  person,
  regConstructor,
  sysDept,
  sysMsgInfo,
  sysNotice,
  sysPasswordHistory,
  sysRole,
  sysUser,
  sysUserRole,
} from '../schema.js';
import type { CertificateEvent } from '../../../machines/certificate.machine.js';
import type { DbOrTx, Tx } from '../client.js';
import { buildCertificates, certificateLife, type CertificateSeed } from './certificates.js';
import { buildEducation, type EducationSeed } from './education.js';
import { buildEnterprises, type EnterpriseSeed } from './enterprises.js';
import { buildMessages, NOTICES, type MessageSeed } from './messages.js';
import { buildPeople, type PeopleData } from './people.js';
import { Rng } from './rng.js';
import { DEMO_ACCOUNT_SEEDS } from './users.js';
import { chunks, insertAll } from './util.js';
import { chinaDate } from '../../lib/days.js';

export interface DemoData {
  today: string;
  enterprises: EnterpriseSeed[];
  people: PeopleData;
  certificates: CertificateSeed[];
  education: EducationSeed[];
  messages: MessageSeed[];
}

/** The demo data set for a moment in time (pure; no database). */
export function buildDemoData(now: Date): DemoData {
  const rng = new Rng();
  const today = chinaDate(now);
  const enterprises = buildEnterprises(rng, today);
  const people = buildPeople(rng, today, enterprises);
  const certificates = buildCertificates(rng, today, people);
  const education = buildEducation(rng, today, people, certificates);
  const messages = buildMessages(rng, today, DEMO_ACCOUNT_SEEDS, people, certificates);
  return { today, enterprises, people, certificates, education, messages };
}

const daysAgo = (now: Date, days: number, minutes: number) =>
  new Date(now.getTime() - days * 86_400_000 - minutes * 60_000);

/**
 * The certificate machine's writer loading certificates with their lives (server/modules/certificate/writer.ts
 * loadCertificates): handed in by the caller, the database layer importing no module.
 */
export type CertificateLoader = (
  tx: Tx,
  lives: {
    steps: { event: CertificateEvent; at: Date }[];
    extras: { issuingAuthority: string; printCount?: number };
  }[],
) => Promise<number[]>;

export async function insertDemoData(
  db: DbOrTx,
  data: DemoData,
  opts: { now: Date; passwordHash: string; loadCertificates: CertificateLoader },
): Promise<void> {
  const { now, passwordHash } = opts;

  const entIds: number[] = [];
  for (const part of chunks(data.enterprises)) {
    const rows = await db
      .insert(enterprise)
      .values(
        part.map((e) => ({
          creditCode: e.creditCode,
          name: e.name,
          legalRepresentative: e.legalRepresentative,
          address: e.address,
          districtCode: e.districtCode,
          ownership: e.ownership,
          qualification: e.qualification,
          licenceNo: e.licenceNo,
          licenceValidTo: e.licenceValidTo,
          status: e.status,
        })),
      )
      .returning({ id: enterprise.id, creditCode: enterprise.creditCode });
    const byCode = new Map(rows.map((r) => [r.creditCode, r.id]));
    for (const e of part) entIds[e.key] = byCode.get(e.creditCode)!;
  }
  const ent = (key: number) => entIds[key]!;

  const personIds: number[] = [];
  for (const part of chunks(data.people.persons)) {
    const rows = await db
      .insert(person)
      .values(
        part.map((p) => ({
          name: p.name,
          sex: p.sex,
          idType: '111',
          idNo: p.idNo,
          birthDate: p.birthDate,
          education: p.education,
          title: p.title,
          phone: p.phone,
          enterpriseId: p.entKey === null ? null : ent(p.entKey),
          employStatus: p.employStatus,
        })),
      )
      .returning({ id: person.id, idNo: person.idNo });
    const byIdNo = new Map(rows.map((r) => [r.idNo, r.id]));
    for (const p of part) personIds[p.key] = byIdNo.get(p.idNo)!;
  }
  const per = (key: number) => personIds[key]!;

  await insertAll(
    db,
    employmentRecord,
    data.people.employment.map((r) => ({
      personId: per(r.personKey),
      enterpriseId: ent(r.entKey),
      source: r.source,
      startDate: r.startDate,
      endDate: r.endDate,
    })),
  );
  await insertAll(
    db,
    regConstructor,
    data.people.regConstructors.map((r) => ({
      personId: per(r.personKey),
      enterpriseId: ent(r.entKey),
      regNo: r.regNo,
      major: r.major,
      status: r.status,
      validTo: r.validTo,
    })),
  );
  // Each certificate lives its life through the certificate machine (its one writer loads them with their history).
  await opts.loadCertificates(
    db as Tx,
    data.certificates.map((c) => ({
      steps: certificateLife(c, per(c.personKey), ent(c.entKey)),
      extras: { issuingAuthority: c.issuingAuthority, printCount: c.printCount },
    })),
  );
  await insertAll(
    db,
    educationRecord,
    data.education.map((r) => ({
      personId: per(r.personKey),
      certNo: r.certNo,
      course: r.course,
      provider: r.provider,
      hours: r.hours,
      finishedOn: r.finishedOn,
    })),
  );

  // Users: departments and roles come from the reference data.
  const depts = new Map(
    (await db.select({ deptId: sysDept.deptId, deptName: sysDept.deptName }).from(sysDept)).map((d) => [
      d.deptName,
      d.deptId,
    ]),
  );
  const roleKeys = [...new Set(DEMO_ACCOUNT_SEEDS.flatMap((a) => a.roles))];
  const roles = new Map(
    (
      await db
        .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey })
        .from(sysRole)
        .where(inArray(sysRole.roleKey, roleKeys))
    ).map((r) => [r.roleKey, r.roleId]),
  );
  const demoPerson = { person1: data.people.person1, person2: data.people.person2 };
  const users = await db
    .insert(sysUser)
    .values(
      DEMO_ACCOUNT_SEEDS.map((a) => {
        const p = a.person ? data.people.persons[demoPerson[a.person]]! : null;
        return {
          userName: a.userName,
          nickName: p ? p.name : a.nickName,
          userType: a.userType,
          deptId: a.dept ? depts.get(a.dept)! : null,
          enterpriseId: a.enterprise !== undefined ? ent(a.enterprise) : null,
          personId: p ? per(p.key) : null,
          phone: p ? p.phone : (a.phone ?? null),
          email: p ? null : `${a.userName}@gdjzaq.example.cn`,
          sex: p ? p.sex : a.sex,
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: false,
          status: '1',
          checkStatus: null,
          duty: a.duty ?? null,
          remark: a.description,
        };
      }),
    )
    .returning({ userId: sysUser.userId, userName: sysUser.userName });
  const userIds = new Map(users.map((u) => [u.userName, u.userId]));
  await insertAll(
    db,
    sysUserRole,
    DEMO_ACCOUNT_SEEDS.flatMap((a) =>
      a.roles.map((r) => {
        const roleId = roles.get(r);
        if (roleId === undefined) throw new Error(`seed: role ${r} is missing (run seedReferenceData first)`);
        return { userId: userIds.get(a.userName)!, roleId };
      }),
    ),
  );
  await insertAll(
    db,
    sysPasswordHistory,
    users.map((u) => ({ userId: u.userId, passwordHash, createdAt: now })),
  );

  await insertAll(
    db,
    sysMsgInfo,
    data.messages.map((m, i) => {
      const createdAt = daysAgo(now, m.daysAgo, (i * 37) % 600);
      return {
        msgType: m.msgType,
        bt: m.bt,
        nr: m.nr,
        userId: userIds.get(m.userName)!,
        ckzt: m.ckzt,
        senderName: m.senderName,
        createdAt,
        readAt: m.ckzt === '1' ? new Date(Math.min(now.getTime(), createdAt.getTime() + 3_600_000)) : null,
      };
    }),
  );
  const noticeCount = await db.select({ id: sysNotice.noticeId }).from(sysNotice).limit(1);
  if (noticeCount.length === 0) {
    await insertAll(
      db,
      sysNotice,
      NOTICES.map((n, i) => ({ ...n, status: '1', createdBy: 'admin', createdAt: daysAgo(now, 3 + i * 11, 0) })),
    );
  }
}
