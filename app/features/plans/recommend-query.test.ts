import { describe, expect, it } from 'vitest'
import { readRecommendQuery } from './recommend-query'
import { RECOMMEND_TEXT } from './texts'

const read = (query: string, draftRegion?: string) => readRecommendQuery(new URLSearchParams(query), draftRegion)

describe('the questionnaire URL', () => {
  it('nothing asked: the form, its region the serviceability region when there is one', () => {
    expect(read('')).toEqual({ asked: false, form: { region: '', devices: '', usages: [], timeOfDay: '' } })
    expect(read('', '13').form.region).toBe('13')
  })

  it.each([
    {
      name: 'all four answers',
      query: 'region=13&devices=5&usage=gaming&usage=video-streaming&timeOfDay=evening',
      answers: { region: '13', devices: 5, usages: ['gaming', 'video-streaming'], timeOfDay: 'evening' },
    },
    {
      name: 'the region skipped',
      query: 'region=&devices=2&usage=browsing-social&timeOfDay=daytime',
      answers: { region: undefined, devices: 2, usages: ['browsing-social'], timeOfDay: 'daytime' },
    },
    {
      name: 'no use chosen, no region field at all',
      query: 'devices=50&timeOfDay=all-day',
      answers: { region: undefined, devices: 50, usages: [], timeOfDay: 'all-day' },
    },
    {
      name: 'a use sent twice counts once',
      query: 'devices=1&usage=gaming&usage=gaming&timeOfDay=late-night',
      answers: { region: undefined, devices: 1, usages: ['gaming'], timeOfDay: 'late-night' },
    },
  ])('$name', ({ query, answers }) => {
    const result = read(query, '07')
    expect(result.asked && result.answers).toEqual(answers)
  })

  it.each([
    { query: 'devices=0&timeOfDay=evening', field: 'devices', message: RECOMMEND_TEXT.errors.devices(50) },
    { query: 'devices=51&timeOfDay=evening', field: 'devices', message: RECOMMEND_TEXT.errors.devices(50) },
    { query: 'devices=2.5&timeOfDay=evening', field: 'devices', message: RECOMMEND_TEXT.errors.devices(50) },
    { query: 'devices=&timeOfDay=evening', field: 'devices', message: RECOMMEND_TEXT.errors.devices(50) },
    { query: 'devices=3', field: 'timeOfDay', message: RECOMMEND_TEXT.errors.timeOfDay },
    { query: 'devices=3&timeOfDay=noon', field: 'timeOfDay', message: RECOMMEND_TEXT.errors.timeOfDay },
    { query: 'devices=3&timeOfDay=evening&usage=mining', field: 'usage', message: RECOMMEND_TEXT.errors.usage },
    { query: 'devices=3&timeOfDay=evening&region=NCR', field: 'region', message: RECOMMEND_TEXT.errors.region },
  ])('refuses $query: $field', ({ query, field, message }) => {
    const result = read(query)
    expect(result.asked).toBe(true)
    if (!result.asked) return
    expect(result.answers).toBeNull()
    expect(result.errors).toEqual({ [field]: message })
  })

  it('comes back filled in as sent', () => {
    expect(read('region=13&devices=abc&usage=gaming&timeOfDay=evening').form).toEqual({
      region: '13',
      devices: 'abc',
      usages: ['gaming'],
      timeOfDay: 'evening',
    })
  })
})
