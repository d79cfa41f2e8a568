import { describe, expect, it } from 'vitest';
import { parseShowDocComments } from '../../../importers/comments.ts';
import { parseDataDictionary } from '../../../importers/dataDictionary.ts';
import { expectGolden } from './golden.ts';

// The block showdoc_api.sh sends (its `&` already turned into _this_and_change_).
const LOGIN = `
<?php
/**
 * showdoc
 * @catalog 用户相关/登录
 * @title 用户登录
 * @description 用户登录的接口
 * @method post
 * @url https://www.showdoc.com.cn/home/user/login
 * @header token 可选 string 设备token
 * @param username 必选 string 用户名
 * @param password 必选 string 密码
 * @param name 可选 string 用户昵称
 * @return {"error_code":0,"data":{"uid":"1","username":"12154545","groupid":2,"reg_time":"1436864169"}}
 * @return_param groupid int 用户组id
 * @return_param user_token string 用户token
 * @remark 这里是备注信息 a_this_and_change_b
 * @number 3
 */
function login() {}

/** an ordinary doc comment without the marker @title Not an API */
/**
 * showdoc
 * @title 搜索
 * @url https://example.com/search
 * @param q 必选 string 关键词
 * @json_param {"q":"x","page":1}
 */
`;

describe('parseShowDocComments', () => {
  it('turns every showdoc block with @title into an API page (golden, Chinese like ShowDoc)', () => {
    const pages = parseShowDocComments(LOGIN);
    expect(pages.map((p) => [p.title, p.catalogPath.join('/'), p.order])).toEqual([
      ['用户登录', '用户相关/登录', 3],
      ['搜索', '', 99],
    ]);
    expectGolden('comments-login.zh.md', pages[0]!.content);
  });

  it('reads params, headers, return fields and the pretty-printed return example', () => {
    const [login] = parseShowDocComments(LOGIN);
    expect(login!.doc.info).toMatchObject({
      method: 'post',
      url: 'https://www.showdoc.com.cn/home/user/login',
      description: '用户登录的接口',
      remark: '这里是备注信息 a&b',
    });
    expect(login!.doc.request.params.formdata.map((p) => [p.name, p.require, p.type, p.remark])).toEqual([
      ['username', '1', 'string', '用户名'],
      ['password', '1', 'string', '密码'],
      ['name', '0', 'string', '用户昵称'],
    ]);
    expect(login!.doc.request.headers[0]).toMatchObject({ name: 'token', require: '0', remark: '设备token' });
    expect(login!.doc.response.responseParamsDesc).toEqual([
      { name: 'groupid', type: 'int', remark: '用户组id' },
      { name: 'user_token', type: 'string', remark: '用户token' },
    ]);
    expect(login!.content).toContain('"username": "12154545"');
  });

  it('puts GET params in the query and @json_param bodies in JSON mode', () => {
    const [, search] = parseShowDocComments(LOGIN);
    expect(search!.doc.info.method).toBe('get');
    expect(search!.doc.request.params.mode).toBe('json');
    expect(search!.doc.request.params.jsonDesc[0]).toMatchObject({ name: 'q', require: '1' });
    expect(search!.content).toContain('"page": 1');
  });

  it('accepts HTML-escaped input, as the server receives it', () => {
    const escaped = '/**\n * showdoc\n * @title A &amp; B\n * @url /x?a=1&amp;b=2\n */';
    expect(parseShowDocComments(escaped)[0]!.doc.info).toMatchObject({ title: 'A & B', url: '/x?a=1&b=2' });
  });

  it('renders in English when asked', () => {
    expect(parseShowDocComments(LOGIN, { lang: 'en' })[0]!.content).toContain('##### Request URL');
  });
});

describe('parseDataDictionary', () => {
  const tableInfo = 'TABLE_NAME\tTABLE_COMMENT\tENGINE\tTABLE_COLLATION\nuser\t用户表\tInnoDB\tutf8mb4_general_ci\nitem\t项目表\tInnoDB\tutf8mb4_general_ci\n';
  const tableDetail =
    'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\n' +
    'user\tuid\tNULL\tNO\tint(10)\t用户id\nuser\tusername\t\tNO\tvarchar(50)\t用户名 a_this_and_change_b\nitem\titem_id\tNULL\tNO\tint(10)\t\nitem\tdesc\t\tYES\ttext\t描述|说明\n';
  const tableIndex = 'TABLE_NAME\tINDEX_NAME\tCOLUMN_NAME\tSEQ_IN_INDEX\tNON_UNIQUE\tINDEX_TYPE\tINDEX_COMMENT\nuser\tPRIMARY\tuid\t1\t0\tBTREE\t\n';

  it('makes one page per table in ShowDoc’s layout (golden)', () => {
    const pages = parseDataDictionary({ tableInfo, tableDetail, tableIndex });
    expect(pages.map((p) => p.title)).toEqual(['user', 'item']);
    expectGolden('dictionary-user.zh.md', pages[0]!.content);
  });

  it('escapes pipes in cells and restores & from _this_and_change_', () => {
    const item = parseDataDictionary({ tableInfo, tableDetail }).find((p) => p.title === 'item')!;
    expect(item.content).toContain('|desc|text|是||描述\\|说明|');
    expect(parseDataDictionary({ tableInfo, tableDetail })[0]!.content).toContain('用户名 a&b');
  });

  it('still documents tables that only appear in table_detail', () => {
    expect(parseDataDictionary({ tableInfo: 'h\n', tableDetail: 'h\nlog\tid\t\tNO\tint\t\n' }).map((p) => p.title)).toEqual(['log']);
  });
});
