/** 健康设置 (menu 400303): every health-settings route needs it. */
export const HEALTH_SETTINGS = 400303;
