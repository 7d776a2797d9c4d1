export const DEV_UI_PATH = '/dev/ui'
