import { describe, expect, it } from 'vitest'
import { answerBlocks, answerSnippet, videoHost } from './answer-blocks'

describe('answerBlocks', () => {
  it('splits paragraphs on blank lines and reads "- " and "1. " blocks as lists', () => {
    const blocks = answerBlocks('First line\ncontinues.\n\n- one\n- two\n\n1. Step one\n2. Step two\n\nEnd.')
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'First line continues.' },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'steps', items: ['Step one', 'Step two'] },
      { kind: 'paragraph', text: 'End.' },
    ])
  })

  it('keeps markup as text (it is never HTML)', () => {
    expect(answerBlocks('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
    ])
  })

  it('reads a block mixing list lines and prose as a paragraph', () => {
    expect(answerBlocks('Intro\n- item')[0]!.kind).toBe('paragraph')
  })
})

describe('answerSnippet', () => {
  it('cuts at a word and drops list markers', () => {
    expect(answerSnippet('1. Check the cable\n2. Restart', 100)).toBe('Check the cable Restart')
    expect(answerSnippet('word '.repeat(50), 22)).toBe('word word word word…')
  })
})

describe('videoHost', () => {
  it('names an http(s) host and refuses other schemes', () => {
    expect(videoHost('https://www.youtube.com/watch?v=x')).toBe('youtube.com')
    expect(videoHost('javascript:alert(1)')).toBeNull()
    expect(videoHost('not a url')).toBeNull()
  })
})
