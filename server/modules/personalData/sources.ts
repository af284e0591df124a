/**
 * Through which record a person's data may be revealed, and each one's check: the same permission
 * and data scope as the detail view that offers the click, and the duty that lets this caller see
 * the real value (a reviewer of the application, the employer, the administrator correcting the
 * record). One function per record, kept beside the detail it belongs to.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/authUser.js';
import { person } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Revealable, RevealSource } from '../../services/personalData.js';
import { applicationPersonalData } from '../business/service.js';
import { certificatePersonalData, loadVisibleCertificate } from '../certificate/detail.js';
import { staffPersonalData } from '../search/detail.js';
import { personAdminData } from '../system/persons/service.js';
import { userPersonalData } from '../system/users/access.js';
import { signupPersonalData } from '../exam/signups.js';
import { punishmentPersonalData } from '../credit/service.js';

type Source = (ctx: AppContext, user: AuthUser, id: number) => Promise<Revealable>;

export const REVEAL_SOURCE_CHECKS: Record<RevealSource, Source> = {
  application: (ctx, user, id) => applicationPersonalData(ctx, user, id),
  certificate: async (ctx, user, id) => certificatePersonalData(user, await loadVisibleCertificate(ctx.db, user, id)),
  staff: (ctx, user, id) => staffPersonalData(ctx.db, user, id),
  person: async (ctx, user, id) => {
    if (!user.permissions.has('system:person:list')) throw forbidden('没有权限，请联系管理员授权');
    const [row] = await ctx.db.select().from(person).where(eq(person.id, id));
    if (!row) throw notFound('人员不存在');
    return personAdminData(user, row);
  },
  user: (ctx, user, id) => userPersonalData(ctx.db, user, id),
  examSignup: (ctx, user, id) => signupPersonalData(ctx, user, id),
  punishment: (ctx, user, id) => punishmentPersonalData(ctx.db, user, id),
};
