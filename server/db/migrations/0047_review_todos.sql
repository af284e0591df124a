-- Issue #47 item 6: every submission waiting for four-eyes review is a to-do for whoever may decide
-- it (server/modules/system/review/todos.ts makes them for new submissions; this gives the ones
-- already waiting theirs): active users holding the kind's audit permission through an active
-- role, not the submitter nor the user the change is about, and for a punishment a centre officer
-- of its certificates' area or a provincial administrator. Their words are the ones todos.ts writes.
insert into sys_todo (mc, url, user_id, ref, status, created_at)
select distinct
  case rr.entity || ':' || (rr.snapshot -> 'context' ->> 'change')
    when 'user:create' then '待审核：新增用户 ' || coalesce(rec.r ->> 'userName', '') || '（' || coalesce(rec.r ->> 'nickName', '') || '）'
    when 'user:update' then '待审核：修改用户 ' || coalesce(rec.r ->> 'userName', '') || '（' || coalesce(rec.r ->> 'nickName', '') || '）'
    when 'user:delete' then '待审核：删除用户 ' || coalesce(rec.r ->> 'userName', '') || '（' || coalesce(rec.r ->> 'nickName', '') || '）'
    when 'role:create' then '待审核：新增角色 ' || coalesce(rec.r ->> 'roleName', '')
    when 'role:update' then '待审核：修改角色 ' || coalesce(rec.r ->> 'roleName', '')
    when 'role:delete' then '待审核：删除角色 ' || coalesce(rec.r ->> 'roleName', '')
    when 'penalty:create' then '待审核：录入处罚 ' || coalesce(rec.r ->> 'docNo', '')
    when 'penalty:update' then '待审核：修改处罚 ' || coalesce(rec.r ->> 'docNo', '')
    else '待审核：删除处罚 ' || coalesce(rec.r ->> 'docNo', '')
  end,
  case rr.entity when 'user' then '/system/user' when 'role' then '/system/role' else '/credit/creditManagement' end || '?review=' || rr.id,
  u.user_id,
  'review:' || rr.id,
  '0',
  rr.submitted_at
from sys_record_review rr
cross join lateral (select case when rr.snapshot -> 'context' ->> 'change' = 'delete' then rr."current" else rr.proposed end as r) rec
join sys_menu m on m.status = '1' and m.menu_key = case rr.entity when 'user' then 'system:user:audit' when 'role' then 'system:role:audit' else 'credit:punishment:audit' end
join sys_role_menu rm on rm.menu_id = m.menu_id
join sys_role r on r.role_id = rm.role_id and r.status = '1'
join sys_user_role ur on ur.role_id = r.role_id
join sys_user u on u.user_id = ur.user_id and u.status = '1'
left join sys_dept d on d.dept_id = u.dept_id
where rr.state = 'pending'
  and u.user_id <> rr.submitted_by
  and u.user_id <> coalesce((rr.snapshot -> 'context' ->> 'subjectUserId')::int, -1)
  and (rr.entity <> 'penalty' or d.area in (
    select c.area from certificate c
    where c.id in (select pc.certificate_id from punishment_certificate pc where pc.punishment_id = rr.record_id)
       or c.id = (select p.certificate_id from punishment p where p.id = rr.record_id))
    or exists (select 1 from sys_user_role pr join sys_role prr on prr.role_id = pr.role_id and prr.status = '1'
               where pr.user_id = u.user_id and prr.role_key = 'adminProvince'))
  and not exists (select 1 from sys_todo t where t.ref = 'review:' || rr.id);
