/**
 * The spec's fixed user-facing texts (§5, §8), in Chinese, in one place so code and tests name
 * them instead of repeating strings.
 */
export const MSG = {
  tokenExpired: 'token失效',
  serverError: '服务端错误',
  systemException: '系统异常，请检查网络或联系管理员',
  networkError: '网络连接失败，请检查网络后重试',
  timeout: '请求超时，请稍后重试',
  routeGuardError: '路由守卫处理出错',
  permissionFormat: '权限参数格式错误，示例：["system:user:add"]',
  roleFormat: '角色参数格式错误，示例：["role_admin"]',
  uploadFailed: '上传失败',
  uploadSucceeded: '上传成功',
  downloadBusy: '已有文件正在下载，请稍后再试',
  downloadNotFound: '文件不存在或已被删除',
  downloadTimeout: '下载超时，请检查网络连接',
  downloadFailed: '文件下载失败，请重试',
  downloadSucceeded: (name: string) => `文件下载成功：${name}`,
  copied: '已复制',
  copyFailed: '复制失败',
  unparseableMessage: '收到一条无法解析的消息',
} as const;

/** HTTP status texts of spec §8. */
export const HTTP_STATUS_TEXT: Record<number, string> = {
  200: '服务器成功返回请求的数据',
  201: '新建或修改数据成功',
  202: '请求已进入后台排队（异步任务）',
  204: '删除数据成功',
  400: '请求错误',
  401: '未授权，请重新登录',
  403: '拒绝访问',
  404: '请求错误，未找到该资源',
  408: '请求超时',
  500: '服务器错误',
  501: '服务未实现',
  502: '网络错误',
  503: '服务不可用',
  504: '网络超时',
};
