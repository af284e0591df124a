/** Sign-in routes (SPEC 7 "Authentication"). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../lib/reply.js';
import { creditCode } from '../../lib/schemas.js';
import { currentUser } from '../../lib/authUser.js';
import { endSession } from './session.service.js';
import {
  createCaptcha,
  loginWithPassword,
  loginWithSms,
  loginWithSso,
  MOBILE,
  sendSmsCode,
  sendSmsCodeToUser,
  verifySmsCode,
  type ClientInfo,
} from './login.service.js';
import type { FastifyRequest } from 'fastify';
import { registerEnterpriseUser } from './register.js';
import { bodyField, type Throttle } from '../../lib/throttle.js';

const client = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const publicNoLog = { access: { auth: 'public' as const, log: false as const } };
/** Limited per client address, and per account for each reader given (plugins/rate-limit.ts). */
const guarded = (...accounts: NonNullable<Throttle['accounts']>) => ({
  throttle: { scope: 'auth' as const, accounts },
});
/** A sign-in call: per account as above, per address only against a flood (a centre signs in from one address). */
const signIn = (...accounts: NonNullable<Throttle['accounts']>) => ({
  throttle: { scope: 'signIn' as const, accounts },
});
const signedInUser = (req: FastifyRequest) => (req.user ? `user:${req.user.userId}` : null);

const mobile = z.string({ error: '手机号码不能为空' }).regex(MOBILE, '手机号码格式不正确');
const smsCode = z.string({ error: '短信验证码不能为空' }).regex(/^\d{6}$/, '短信验证码为6位数字');
const tokenData = envelope(z.object({ token: z.string() }));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/code',
    {
      config: { ...publicNoLog, ...signIn() },
      schema: {
        tags: ['auth'],
        summary: '图形验证码',
        response: { 200: envelope(z.object({ uuid: z.string(), img: z.string() })) },
      },
    },
    async () => ok(await createCaptcha(app.ctx)),
  );

  app.post(
    '/login/login',
    {
      config: { ...publicNoLog, ...signIn(bodyField('username')) },
      schema: {
        tags: ['auth'],
        summary: '账号密码登录',
        description:
          '同一账号失败3次后（从任何地址，或从本地址）、本地址15分钟内失败20次后（任何账号），须带图形验证码（POST /code）；同一账号从本地址失败5次锁定10分钟（从其他地址仍可登录），从所有地址共失败20次锁定10分钟。成功的登录不计数。不存在的账号与密码错误的答复相同。',
        body: z.object({
          username: z.string({ error: '用户名不能为空' }).trim().min(1, '用户名不能为空').max(64),
          password: z.string({ error: '密码不能为空' }).min(1, '密码不能为空').max(128),
          code: z.string().max(8).optional(),
          uuid: z.string().max(64).optional(),
        }),
        response: { 200: tokenData },
      },
    },
    async (req) => ok({ token: await loginWithPassword(app.ctx, req.body, client(req)) }, '登录成功'),
  );

  app.post(
    '/login/sms/send',
    {
      config: { ...publicNoLog, ...guarded(bodyField('mobile')) },
      schema: {
        tags: ['auth'],
        summary: '发送登录短信验证码',
        description:
          '同一号码60秒内只能发送一次，每小时最多5次；验证码6位，5分钟内有效，只能使用一次。未绑定账号的号码得到相同的答复，但不会收到短信。',
        body: z.object({ mobile }),
        response: {
          200: envelope(
            z.object({ token: z.string().describe('验证令牌，登录时放在 verifyToken 请求头'), mobile: z.string() }),
          ),
        },
      },
    },
    async (req) => ok(await sendSmsCode(app.ctx, req.body.mobile, client(req)), '短信验证码已发送'),
  );

  app.get(
    '/login/verifyMessageCode',
    {
      config: { ...publicNoLog, ...signIn() },
      schema: {
        tags: ['auth'],
        summary: '校验短信验证码（不消耗）',
        querystring: z.object({ code: smsCode }),
        headers: z.object({ verifytoken: z.string({ error: '缺少验证令牌' }).min(1) }).passthrough(),
        response: { 200: envelope(z.object({ passStatus: z.boolean(), errorMsg: z.string().nullable() })) },
      },
    },
    async (req) => ok(await verifySmsCode(app.ctx, req.headers.verifytoken, req.query.code)),
  );

  app.post(
    '/login/sms/login',
    {
      config: { ...publicNoLog, ...signIn(bodyField('mobile')) },
      schema: {
        tags: ['auth'],
        summary: '短信验证码登录',
        body: z.object({ mobile, code: smsCode }),
        headers: z
          .object({ verifytoken: z.string({ error: '请先获取短信验证码' }).min(1, '请先获取短信验证码') })
          .passthrough(),
        response: { 200: tokenData },
      },
    },
    async (req) =>
      ok(
        { token: await loginWithSms(app.ctx, { ...req.body, verifyToken: req.headers.verifytoken }, client(req)) },
        '登录成功',
      ),
  );

  app.get(
    '/login/sendMessage',
    {
      config: { access: { allowWhilePasswordChange: true }, ...guarded(signedInUser) },
      schema: {
        tags: ['auth'],
        summary: '向当前用户的手机发送验证码',
        response: { 200: envelope(z.object({ token: z.string(), mobile: z.string() })) },
      },
    },
    async (req) => ok(await sendSmsCodeToUser(app.ctx, currentUser(req).userId, client(req)), '短信验证码已发送'),
  );

  app.post(
    '/auth/sso/login',
    {
      config: { ...publicNoLog, ...signIn() },
      schema: {
        tags: ['auth'],
        summary: '统一认证单点登录',
        description:
          't 为统一身份认证平台签发的 JWT（校验签名、签发方、受众与有效期，须含 exp）；每个令牌只能登录一次，再次使用答复 401。取值 NOT_FOUND 表示认证平台中无此用户。',
        querystring: z.object({ t: z.string({ error: '缺少参数 t' }).min(1, '缺少参数 t').max(8192) }),
        response: { 200: envelope(z.string().describe('会话令牌')) },
      },
    },
    async (req) => ok(await loginWithSso(app.ctx, req.query.t, client(req), (msg) => req.log.warn(msg)), '登录成功'),
  );

  app.post(
    '/auth/register',
    {
      config: {
        access: { auth: 'public', log: { title: '企业用户注册', action: 'insert' } },
        ...guarded(bodyField('loginName'), bodyField('phone')),
      },
      schema: {
        tags: ['auth'],
        summary: '企业用户注册申请',
        description:
          '账号创建后处于待审核状态（checkStatus 0），安全管理员审核通过后方可登录。登录账号已被使用时 409；手机号码已绑定其他账号时答复与成功相同，不创建账号，并以短信告知该号码。',
        body: z.object({
          creditCode: creditCode('统一社会信用代码'),
          enterpriseName: z.string({ error: '企业名称不能为空' }).trim().min(2, '企业名称不能为空').max(200),
          contactName: z.string({ error: '联系人不能为空' }).trim().min(2, '联系人不能为空').max(64),
          phone: mobile,
          loginName: z
            .string({ error: '登录账号不能为空' })
            .trim()
            .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, '登录账号须以字母开头，4至32位字母、数字或下划线'),
          password: z.string({ error: '密码不能为空' }).min(1, '密码不能为空').max(128),
        }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      // A phone that already has an account gets this same answer (register.ts says why).
      await registerEnterpriseUser(app.ctx, req.body, (err) => req.log.warn({ err }, 'registration notice SMS failed'));
      return done('注册申请已提交，审核通过后即可登录');
    },
  );

  app.post(
    '/login/logout',
    {
      config: { access: { allowWhilePasswordChange: true, log: { title: '退出登录', action: 'logout' } } },
      schema: {
        tags: ['auth'],
        summary: '退出登录',
        description: '单点登录会话返回 id_token_hint，客户端据此跳转认证平台的注销地址。',
        response: { 200: envelope(z.string().nullable()) },
      },
    },
    async (req) => ok(await endSession(app.ctx, currentUser(req).tokenHash, 'logout'), '退出成功'),
  );
};
