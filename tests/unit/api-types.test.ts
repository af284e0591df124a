/**
 * The page-facing types are the generated ones (issue #17): a page names a row or a detail by the
 * generated answer it comes from, so a field changed in a server zod schema (and the client
 * regenerated, which tests/api/api-client.test.ts demands) changes the page's type, and `tsc`
 * fails where the page reads the old field. These assertions are checked by the type check of
 * `npm test` (tests/ is part of tsconfig.json); at run time they only have to load.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ReviewDetail } from '@/components/AdminKit';
import type { AccessUser, LoginUser } from '@/app/access';
import type { MenuEntry } from '@/app/routeBuilder';
import type { PublicSettings } from '@/app/publicSettings';
import type { BusinessDetail, BusinessRow, CandidateRow, CheckAnswer } from '@/services/business';
import type { ApplicationDetail, QueueRow } from '@/services/workflow';
import type { SysRoleRow } from '@/pages/system/RoleList/types';
import type { SysUserRow } from '@/pages/system/UserList/types';
import type { CatalogItem } from '@/pages/system/PositionList/catalogKinds';
import type {
  ApplyCertificationCheckDataByApplyId200,
  ApplyDelayGet200,
  ApplyNewCertCandidates200,
  ApplyNewCertGet200,
  ApplyNewCertList200,
  MenuUser200,
  PublicSettings200,
  SystemCatalogGatewayList200,
  SystemRoleList200,
  SystemRoleReview200,
  SystemUserGetLoginUser200,
  SystemUserListV2200,
  SystemUserReview200,
  WorkflowGet200,
  WorkflowQueueWaitAccept200,
} from '@/services/generated/api.schemas';
import { systemUserListV2, workflowEvents } from '@/services/generated/api';
import type { ApiCallOptions } from '@/services/generated/mutator';
import type { applicationDetailSchema, queueRow } from '../../server/modules/workflow/routes';

describe('page-facing API types', () => {
  it('are the generated answers', () => {
    expectTypeOf<SysUserRow>().toEqualTypeOf<SystemUserListV2200['rows'][number]>();
    expectTypeOf<SysRoleRow>().toEqualTypeOf<SystemRoleList200['rows'][number]>();
    expectTypeOf<ReviewDetail>().toEqualTypeOf<SystemUserReview200['data']>();
    expectTypeOf<LoginUser>().toEqualTypeOf<SystemUserGetLoginUser200['data']>();
    expectTypeOf<MenuEntry>().toEqualTypeOf<MenuUser200['data'][number]>();
    expectTypeOf<PublicSettings>().toEqualTypeOf<PublicSettings200['data']>();
    expectTypeOf<ApplicationDetail>().toEqualTypeOf<WorkflowGet200['data']>();
    expectTypeOf<QueueRow>().toEqualTypeOf<WorkflowQueueWaitAccept200['rows'][number]>();
    expectTypeOf<BusinessRow>().toEqualTypeOf<ApplyNewCertList200['rows'][number]>();
    expectTypeOf<BusinessDetail>().toEqualTypeOf<ApplyNewCertGet200['data']>();
    expectTypeOf<CandidateRow>().toEqualTypeOf<ApplyNewCertCandidates200['data'][number]>();
    expectTypeOf<CheckAnswer>().toEqualTypeOf<ApplyCertificationCheckDataByApplyId200>();
  });

  it('are one shape where the server answers one shape under several operations', () => {
    // The business pages share one detail type across the nine business types, the review window one
    // review across users and roles, the catalog page one row across its seven kinds.
    expectTypeOf<ApplyDelayGet200['data']>().toEqualTypeOf<BusinessDetail>();
    expectTypeOf<SystemRoleReview200['data']>().toEqualTypeOf<ReviewDetail>();
    expectTypeOf<SystemCatalogGatewayList200['rows'][number]>().toEqualTypeOf<CatalogItem>();
  });

  it('follow the server zod schemas the document is made of', () => {
    // What the server's zod schema produces is what the generated client says the page gets.
    expectTypeOf<z.output<typeof queueRow>>().toEqualTypeOf<QueueRow>();
    expectTypeOf<z.output<typeof applicationDetailSchema>['history'][number]>().toEqualTypeOf<
      ApplicationDetail['history'][number]
    >();
    expectTypeOf<z.output<typeof applicationDetailSchema>['outcome']>().toEqualTypeOf<ApplicationDetail['outcome']>();
  });

  it('narrow the codes pages compare (enums in the server schemas)', () => {
    expectTypeOf<SysUserRow['status']>().toEqualTypeOf<'0' | '1'>();
    expectTypeOf<SysUserRow['userType']>().toEqualTypeOf<'00' | '02' | '03' | '04'>();
    expectTypeOf<ApplicationDetail['outcome']>().toEqualTypeOf<'approved' | 'denied' | null>();
    // SPEC 6: a user without a button list passes every button check, so the access rules take one.
    expectTypeOf<LoginUser>().toExtend<NonNullable<AccessUser>>();
  });

  it('are what the generated functions take and answer', () => {
    expectTypeOf(systemUserListV2).returns.resolves.toEqualTypeOf<SystemUserListV2200>();
    expectTypeOf(workflowEvents)
      .parameter(1)
      .toEqualTypeOf<{ type: ApplicationDetail['allowedEvents'][number]; comment?: string; version: number }>();
    expectTypeOf(workflowEvents).parameter(2).toEqualTypeOf<ApiCallOptions | undefined>();
  });
});
