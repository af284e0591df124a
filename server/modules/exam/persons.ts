/**
 * 考试人员 (ExamPersonList): the people an exam concerns. For an enterprise, its employees with their
 * exam history (sign-ups, the latest one, the categories they passed) and whether it can sign them
 * up now; for the centre, everyone signed up for its area's batches; for the province, everyone
 * signed up anywhere.
 */
import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../context.js';
import { enterprise, examBatch, examResult, examSignup, person } from '../../db/schema.js';
import { maskIdNo } from '../../services/personalData.js';
import { ageOn, passedCategoriesOf, todayOf } from '../business/facts.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { contains } from '../certificate/query.js';
import { batchesTakingSignups } from './batches.js';
import type { examPersonRow, personListQuery } from './schemas.js';
import { isStaff } from './scope.js';
import { SIGNUP_STATUS_LABELS } from './signups.js';

type Row = z.infer<typeof examPersonRow>;
type Query = Partial<z.infer<typeof personListQuery>>;

const NOTHING = sql`false`;

/** Signed up for a batch the caller's centre runs (every batch for the province). */
function signedUpInScope(user: AuthUser): SQL {
  const areaCond = user.area === 'all' ? undefined : eq(examBatch.area, user.area ?? '-');
  return exists(
    sql`(select 1 from ${examSignup} inner join ${examBatch} on ${examBatch.id} = ${examSignup.batchId} where ${examSignup.personId} = ${person.id} ${areaCond ? sql`and ${areaCond}` : sql``})`,
  );
}

function personWhere(user: AuthUser, q: Query): SQL | undefined {
  let scope: SQL | undefined;
  if (user.userType === '03')
    scope = user.enterpriseId ? and(eq(person.enterpriseId, user.enterpriseId), eq(person.employStatus, '1')) : NOTHING;
  else if (isStaff(user)) scope = signedUpInScope(user);
  else scope = NOTHING;
  const categoryCond = q.category
    ? or(
        exists(
          sql`(select 1 from ${examSignup} where ${examSignup.personId} = ${person.id} and ${examSignup.category} = ${q.category})`,
        ),
        exists(
          sql`(select 1 from ${examResult} where ${examResult.personId} = ${person.id} and ${examResult.category} = ${q.category})`,
        ),
      )
    : undefined;
  return and(
    scope,
    q.keyword ? or(contains(person.name, q.keyword), contains(person.idNo, q.keyword.toUpperCase())) : undefined,
    categoryCond,
  );
}

async function rowsOf(
  ctx: AppContext,
  user: AuthUser,
  people: Array<typeof person.$inferSelect & { enterpriseName: string | null }>,
  labels: Labels,
  canSignUp: boolean,
): Promise<Row[]> {
  const ids = people.map((p) => p.id);
  const today = todayOf(ctx.clock);
  const signups = ids.length
    ? await ctx.db
        .select({ s: examSignup, batchNo: examBatch.batchNo })
        .from(examSignup)
        .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
        .where(
          and(
            inArray(examSignup.personId, ids),
            user.userType === '03' ? eq(examSignup.enterpriseId, user.enterpriseId ?? -1) : undefined,
            isStaff(user) && user.area !== 'all' ? eq(examBatch.area, user.area ?? '-') : undefined,
          ),
        )
        .orderBy(desc(examSignup.createdAt), desc(examSignup.id))
    : [];
  const passed = await passedCategoriesOf(ctx.db, ids, today);
  return people.map((p) => {
    const mine = signups.filter((x) => x.s.personId === p.id);
    const last = mine[0];
    return {
      personId: p.id,
      name: p.name,
      sex: p.sex,
      idNo: maskIdNo(p.idNo),
      age: ageOn(p.birthDate, today),
      enterpriseId: p.enterpriseId,
      enterpriseName: p.enterpriseName,
      educationLabel: p.education ? labels.of('ministerial_diploma', p.education) : null,
      titleLabel: p.title ? labels.of('ministerial_title_rank', p.title) : null,
      signups: mine.length,
      lastSignup: last
        ? {
            id: last.s.id,
            batchNo: last.batchNo,
            category: last.s.category,
            status: last.s.status,
            statusLabel: SIGNUP_STATUS_LABELS[last.s.status] ?? last.s.status,
          }
        : null,
      passedCategories: passed.get(p.id) ?? [],
      canSignUp,
    };
  });
}

const selectPeople = (ctx: AppContext) =>
  ctx.db
    .select({ p: person, enterpriseName: enterprise.name })
    .from(person)
    .leftJoin(enterprise, eq(enterprise.id, person.enterpriseId));

async function mayStillSignUp(ctx: AppContext, user: AuthUser): Promise<boolean> {
  return (
    user.userType === '03' &&
    user.permissions.has('exam:examSign:add') &&
    (await batchesTakingSignups(ctx, user)).length > 0
  );
}

export async function listExamPersons(ctx: AppContext, user: AuthUser, q: z.infer<typeof personListQuery>) {
  const where = personWhere(user, q);
  const [{ total }] = await ctx.db.select({ total: count() }).from(person).where(where);
  const people = await selectPeople(ctx)
    .where(where)
    .orderBy(asc(person.name), asc(person.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const rows = await rowsOf(
    ctx,
    user,
    people.map((r) => ({ ...r.p, enterpriseName: r.enterpriseName })),
    await loadLabels(ctx.db),
    await mayStillSignUp(ctx, user),
  );
  return { rows, total };
}

export function examPersonExportFetch(ctx: AppContext, user: AuthUser, q: Query, labels: Labels) {
  const where = personWhere(user, q);
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<Row[]> => {
    const people = await selectPeople(ctx)
      .where(and(where, sql`${person.id} > ${lastId}`))
      .orderBy(asc(person.id))
      .limit(limit);
    if (people.length) lastId = people[people.length - 1]!.p.id;
    return rowsOf(
      ctx,
      user,
      people.map((r) => ({ ...r.p, enterpriseName: r.enterpriseName })),
      labels,
      false,
    );
  };
}
