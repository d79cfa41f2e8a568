import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { postRaw } from '../cli/fixtures.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const SCRIPT_URL = '/server/index.php?s=/api/open/fromComments';
const DB_URL = '/server/index.php?s=/api/open/updateDbItem';
const SCRIPT_TYPE = 'application/x-www-form-urlencoded; charset=UTF-8';

// Two comment blocks as showdoc_api.sh extracts them from a source file, `&` already swapped.
const COMMENTS = `/**
 * showdoc
 * @catalog 用户相关/登录
 * @title 用户登录
 * @description 用户登录的接口
 * @method post
 * @url https://api.example.com/user/login
 * @param username 必选 string 用户名
 * @param password 必选 string 密码
 * @return {"error_code":0,"data":{"uid":"1","username":"alice"}}
 * @return_param uid int 用户id
 * @remark 这里是备注信息
 * @number 3
 */
/**
 * showdoc
 * @catalog 用户相关
 * @title 用户列表
 * @description 分页 _this_and_change_ 过滤
 * @method get
 * @url https://api.example.com/users?page=1_this_and_change_size=20
 * @param keyword 可选 string 关键字
 */
/** an ordinary comment without the marker */`;

/** The body showdoc_api.sh posts (curl --data-binary @- with a heredoc): plain interpolation, nothing percent-encoded, a final newline. */
const commentsBody = (k: KeyedItem, content = COMMENTS) => `from=shell&api_key=${k.api_key}&api_token=${k.api_token}&content=${content}\n`;

// What `mysql -e "select TABLE_NAME, TABLE_COMMENT …"` prints, as showdoc_db.sh captures it.
const TABLE_INFO = 'TABLE_NAME\tTABLE_COMMENT\nusers\t用户表\norders\t订单表';
const TABLE_DETAIL =
  'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\n' +
  'users\tuid\tNULL\tNO\tint(11)\t用户id\nusers\temail\t\tYES\tvarchar(200)\t邮箱 _this_and_change_ 登录名\norders\tid\tNULL\tNO\tbigint(20)\t订单id\n';
/** The body showdoc_db.sh posts: the same heredoc interpolation, so cat_name ends with the newline. */
const dbBody = (k: KeyedItem, catName = '数据字典') =>
  `from=shell&table_info=${TABLE_INFO}&table_detail=${TABLE_DETAIL}&api_key=${k.api_key}&api_token=${k.api_token}&cat_name=${catName}\n`;

async function livePages(k: KeyedItem) {
  return t.services.db('pages').where({ item_id: k.item_id, is_del: 0 }).orderBy('page_id');
}

describe('open/fromComments', () => {
  it('turns each marked comment block of a showdoc_api.sh body into a page and answers 成功', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(t, SCRIPT_URL, commentsBody(k), SCRIPT_TYPE);
    expect(r.status).toBe(200);
    expect(r.text).toBe('成功');
    const pages = await livePages(k);
    expect(pages.map((p) => p.page_title)).toEqual(['用户登录', '用户列表']);
    expect(pages[0].s_number).toBe(3);
    expect(pages[0].author_username).toBe('API');
    expect(pages[0].page_content).toContain('https://api.example.com/user/login');
    expect(pages[0].page_content).toContain('username');
    expect(pages[1].page_content).toContain('分页 & 过滤');
    const cats = await t.services.db('catalogs').where({ item_id: k.item_id }).orderBy('level');
    expect(cats.map((c) => c.cat_name)).toEqual(['用户相关', '登录']);
    expect(pages[0].cat_id).toBe(cats[1].cat_id);
  });

  it('updates the same pages when the script runs again, keeping history', async () => {
    const k = await buildKeyedItem(t);
    await postRaw(t, SCRIPT_URL, commentsBody(k), SCRIPT_TYPE);
    const r = await postRaw(t, SCRIPT_URL, commentsBody(k, COMMENTS.replace('用户登录的接口', '登录接口（第二版）')), SCRIPT_TYPE);
    expect(r.text).toBe('成功');
    const pages = await livePages(k);
    expect(pages).toHaveLength(2);
    expect(pages[0].page_content).toContain('第二版');
    expect(await t.services.db('page_history').where({ page_id: pages[0].page_id })).toHaveLength(1);
  });

  it('answers api_key或者api_token不匹配 in plain text for a wrong token and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(t, SCRIPT_URL, commentsBody({ ...k, api_token: 'wrong' }), SCRIPT_TYPE);
    expect(r.text).toBe('api_key或者api_token不匹配');
    expect(r.headers.get('x-folio-error-code')).toBe('10306');
    expect(await livePages(k)).toHaveLength(0);
  });

  it('answers 失败 (10100 in a header) when no block is marked for showdoc', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(t, SCRIPT_URL, commentsBody(k, '/** @title lonely */'), SCRIPT_TYPE);
    expect(r.text).toBe('失败');
    expect(r.headers.get('x-folio-error-code')).toBe('10100');
    expect(decodeURIComponent(r.headers.get('x-folio-error')!)).toMatch(/^content: /);
  });
});

describe('open/updateDbItem', () => {
  it('writes one page per table from a showdoc_db.sh body under cat_name and answers 成功', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(t, DB_URL, dbBody(k), 'application/x-www-form-urlencoded');
    expect(r.text).toBe('成功');
    const pages = await livePages(k);
    expect(pages.map((p) => p.page_title)).toEqual(['users', 'orders']);
    expect(pages[0].page_content).toMatch(/^- 用户表/);
    expect(pages[0].page_content).toContain('## 字段说明');
    expect(pages[0].page_content).toContain('varchar(200)');
    expect(pages[0].page_content).toContain('邮箱 & 登录名');
    expect(pages[0].s_number).toBe(99);
    const cat = await t.services.db('catalogs').where({ item_id: k.item_id }).first();
    expect(cat.cat_name).toBe('数据字典');
    expect(pages.every((p) => p.cat_id === cat.cat_id)).toBe(true);
  });

  it('updates the table pages in place on a second run', async () => {
    const k = await buildKeyedItem(t);
    await postRaw(t, DB_URL, dbBody(k), 'application/x-www-form-urlencoded');
    await postRaw(t, DB_URL, dbBody(k).replace('用户id', '用户编号'), 'application/x-www-form-urlencoded');
    const pages = await livePages(k);
    expect(pages).toHaveLength(2);
    expect(pages[0].page_content).toContain('用户编号');
  });

  it('answers 失败 and writes nothing when table_detail is missing', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(
      t,
      DB_URL,
      `from=shell&table_info=${TABLE_INFO}&api_key=${k.api_key}&api_token=${k.api_token}`,
      'application/x-www-form-urlencoded',
    );
    expect(r.text).toBe('失败');
    expect(decodeURIComponent(r.headers.get('x-folio-error')!)).toMatch(/^table_detail: /);
    expect(await livePages(k)).toHaveLength(0);
  });

  it('answers api_key或者api_token不匹配 for a wrong key', async () => {
    const k = await buildKeyedItem(t);
    const r = await postRaw(t, DB_URL, dbBody({ ...k, api_key: 'nope' }), 'application/x-www-form-urlencoded');
    expect(r.text).toBe('api_key或者api_token不匹配');
  });
});
