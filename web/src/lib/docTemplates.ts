/**
 * Folio's own starter templates the editor inserts: an API description and a database table
 * description, in English and Chinese (the UI language picks one).
 */
type Lang = 'en' | 'zh';

const apiDoc: Record<Lang, string> = {
  en: `**Summary**

- User registration endpoint

**Request URL**
- \` http://xx.com/api/user/register \`

**Method**
- POST

**Parameters**

|Name|Required|Type|Remark|
|:----|:---|:----- |-----|
|username |yes |string |User name |
|password |yes |string |Password |
|name |no |string |Display name |

**Response example**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "Wu",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**Response fields**

|Name|Type|Remark|
|:-----|:-----|-----|
|groupid |int |User group: 1 administrator, 2 ordinary user |

**Notes**

- More return codes: see the error code list
`,
  zh: `**简要描述：**

- 用户注册接口

**请求URL：**
- \` http://xx.com/api/user/register \`

**请求方式：**
- POST

**参数：**

|参数名|必选|类型|说明|
|:----|:---|:----- |-----|
|username |是 |string |用户名 |
|password |是 |string |密码 |
|name |否 |string |昵称 |

**返回示例**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "吴系挂",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**返回参数说明**

|参数名|类型|说明|
|:-----|:-----|-----|
|groupid |int |用户组id，1：超级管理员；2：普通用户 |

**备注**

- 更多返回错误代码请看首页的错误代码描述
`,
};

const dbDoc: Record<Lang, string> = {
  en: `- Table \`user\`: stores user accounts

|Field|Type|Nullable|Default|Remark|
|:----|:-------|:--- |---|------|
|uid |int(10) |no | | Primary key |
|username |varchar(20) |no | | Login name |
|password |varchar(50) |no | | Password hash |
|name |varchar(15) |yes | | Display name |
|reg_time |int(11) |no | 0 | Registration time |

- Notes: none
`,
  zh: `-  用户表，储存用户信息

|字段|类型|空|默认|注释|
|:----|:-------|:--- |---|------|
|uid |int(10) |否 | | 主键 |
|username |varchar(20) |否 | | 用户名 |
|password |varchar(50) |否 | | 密码 |
|name |varchar(15) |是 | | 昵称 |
|reg_time |int(11) |否 | 0 | 注册时间 |

- 备注：无
`,
};

function pick(lang: string): Lang {
  return lang.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function apiDocTemplate(lang: string): string {
  return apiDoc[pick(lang)];
}

export function databaseDocTemplate(lang: string): string {
  return dbDoc[pick(lang)];
}
