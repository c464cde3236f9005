import { defineText } from '../i18n';

/**
 * The built-in modes' names and descriptions (`<id>` and `<id>.about`): the core's built-in modes take the English
 * ones (what the model and the API read), the UI shows them in its language. A custom mode, or a built-in one a
 * project redefined (builtIn false), keeps its own words.
 */
export const modeStrings = defineText({
  en: {
    'code-dev': 'Code',
    'code-dev.about': 'Implement features and changes following the project’s conventions, with tests.',
    'bug-fix': 'Bug fix',
    'bug-fix.about': 'Reproduce the bug, find the root cause, fix it and add a regression test.',
    learn: 'Learn',
    'learn.about': 'Explain code and concepts with references to the project; change nothing unless asked.',
    optimize: 'Optimize',
    'optimize.about': 'Measure, change one thing at a time, and prove the gain with before/after numbers.',
    autonomous: 'Autonomous',
    'autonomous.about': 'Plan, execute and verify a large task end to end; changes are applied and checkpointed.',
  },
  'zh-CN': {
    'code-dev': '编码',
    'code-dev.about': '按照项目的约定实现功能和修改，并附带测试。',
    'bug-fix': '修复缺陷',
    'bug-fix.about': '复现缺陷，找到根本原因，修复它并添加回归测试。',
    learn: '学习',
    'learn.about': '结合项目中的引用讲解代码和概念；除非要求，否则不做任何更改。',
    optimize: '优化',
    'optimize.about': '先测量，一次只改一处，用前后对比的数字证明收益。',
    autonomous: '自主',
    'autonomous.about': '端到端地规划、执行并验证一个大型任务；更改会被应用并创建检查点。',
  },
});

export type ModeWordKey = keyof (typeof modeStrings)['en'];
