#!/usr/bin/env python3
"""Issue 29, a prototype (not shipped): does SmolLM2-135M write on-target flashcards when each
call gets ONE key sentence of the section, instead of a whole task over several?

For each test-split section case of the openstax-docs suite it asks a llama-server on port 18091
(start one with the local model: llama-server -m SmolLM2-135M-Instruct.gguf --port 18091 -c 4096)
for (a) the shipped small-model flashcards task without the document and (b) one card per key
sentence (the four best by the `KeySentences` rule, re-implemented here), and scores both with a
re-implementation of `ReferenceScorer`'s reference_overlap (approximate: same stop words, stem and
prefix match). It also prints the extractive ceiling: the key sentences themselves as answers.

Run from the repository root: python3 Evaluations/variants/per-fact/per_fact_cards.py
"""
import json, urllib.request, sys, statistics
import yaml, re, glob, os, statistics, random
BASE=os.path.join(os.getcwd(),'Evaluations/openstax-docs')
STOP=set("""a an the and or nor but of to in on at by for with without from into onto about as vs versus via per between among through over under within is are was were be been being do does did doing has have had can could will would shall should may might must it its this that these those there their they them we our you your he she his her i my me us who whom whose what which when where why how if then than so not no yes all any some each every both either neither one two more most less least other such same also only just very too using use used uses e g eg ie etc introduction intro introductory overview basic basics fundamental fundamentals foundation foundations principle principles concept concepts topic topics advanced application applications applied example examples part chapter unit lesson section module understanding understand key common general further essential essentials core important main property properties type types kind kinds case cases study studies review summary practice define defined definition describe explain called term true false following correct""".split())
def stem(w):
    if len(w)<=3: return w
    if w.endswith('ies') and len(w)>4: w=w[:-3]+'y'
    elif w.endswith('sses'): w=w[:-2]
    elif any(w.endswith(s) for s in ['xes','ches','shes','zes']): w=w[:-2]
    elif w.endswith('s') and not any(w.endswith(s) for s in ['ss','us','is']): w=w[:-1]
    for suf in ['ing','ed','ion']:
        if w.endswith(suf) and len(w)-len(suf)>=4: w=w[:-len(suf)]; break
    return w
def kw(t):
    ws=re.findall(r"[a-z0-9']+", t.lower())
    return {stem(w) for w in ws if w not in STOP and len(w)>=2 and any(c.isalpha() for c in w)}
def match(a,b):
    if a==b: return True
    s=min(len(a),len(b))
    if s<5: return False
    c=0
    for x,y in zip(a,b):
        if x!=y: break
        c+=1
    return c>=5 and c>=s-2
def mentions(V,k): return k in V or any(match(v,k) for v in V)
def overlap(items,V):
    sh=[]
    for q,a in items:
        w=kw(q+' '+a)
        sh.append(0 if not w else sum(mentions(V,x) for x in w)/len(w))
    return statistics.mean(sh) if sh else None
CUES=[' is called',' are called',' known as',' refers to',' is defined as',' we call',' is the ',' are the ',' is a ',' are a ',' is an ',' means ']
def sentences(text):
    out=[]
    for line in text.split('\n'):
        line=line.strip()
        if not line or line.startswith('#'): continue
        line=re.sub(r'^\*\*[^*]+\*\*\s*','',line)
        for s in re.split(r'(?<=[.!?])\s+(?=[A-Z])', line):
            s=s.strip()
            if 40<=len(s)<=300 and not s.endswith('?'): out.append(s)
    return out
def score(s,query,pos):
    k=kw(s); q=kw(query)
    sc=sum(1 for x in q if mentions(k,x))*2
    sc+= 1.5 if any(c in ' '+s.lower() for c in CUES) else 0
    return sc
SYS="You are a teacher who writes short, accurate study material. Follow the requested output format exactly."
def call(user, schema, maxt=300, seed=42):
    body={"messages":[{"role":"system","content":SYS},{"role":"user","content":user}],
      "response_format":{"type":"json_schema","json_schema":{"name":"x","schema":schema}},"temperature":0.5,"max_tokens":maxt,"repeat_penalty":1.1,"dry_multiplier":0.8,"seed":seed}
    r=urllib.request.urlopen(urllib.request.Request("http://127.0.0.1:18091/v1/chat/completions",data=json.dumps(body).encode(),headers={"Content-Type":"application/json"}),timeout=300)
    try: return json.loads(json.load(r)['choices'][0]['message']['content'])
    except Exception as e: return None
CARDS={"type":"object","properties":{"flashcards":{"type":"array","minItems":1,"maxItems":4,"items":{"type":"object","properties":{"question":{"type":"string"},"answer":{"type":"string"}},"required":["question","answer"]}}},"required":["flashcards"]}
ONE={"type":"object","properties":{"question":{"type":"string"},"answer":{"type":"string"}},"required":["question","answer"]}
base=[];per=[];ceiling=[]
for f in glob.glob(BASE+'/cases/*.yaml'):
    d=yaml.safe_load(open(f))
    for c in d['cases']:
        if c['kind']!='subtopic' or c.get('split')!='test': continue
        g=c['golden']
        texts=[c['subtopic']]+g.get('objectives',[])
        for t in g.get('terms',[]): texts+= [t['term'],t['definition']]
        for m in g.get('mcq',[]): texts+=[m['stem'], m['choices'][m['answer']]]
        V=set().union(*[kw(t) for t in texts])
        text=open(os.path.join(BASE,c['subject']['documents'][0])).read()
        ss=sentences(text)
        query=c['subtopic']+' '+c['topic']
        ranked=sorted(sorted(range(len(ss)), key=lambda i:-score(ss[i],query,i))[:4])
        head=f"Subject: {c['subject']['title']}. Topic: {c['topic']}. Subtopic: {c['subtopic']}. Other lessons cover: "+''.join(s+'; ' for s in c.get('siblings',[]))+"do not cover them."
        r=call(head+f'\n\nWrite 2 to 4 flashcards that test what a student should know about "{c["subtopic"]}". Each card has a question that starts with What, Why or How, and a short answer.', CARDS)
        b=overlap([(x['question'],x['answer']) for x in (r or {}).get('flashcards',[])],V) if r else 0
        items=[]
        for i in ranked:
            r=call(head+f"\n\nA fact from the learner's document:\n{ss[i]}\n\nWrite one flashcard on this fact: a question that starts with What, Why or How and that the fact answers, and a short answer in the fact's own words.", ONE, 150)
            if r and r.get('question'): items.append((r['question'],r['answer']))
        p=overlap(items,V) if items else 0
        base.append(b or 0); per.append(p or 0)
        ceiling.append(overlap([('What is '+c['subtopic']+'?', ss[i]) for i in ranked],V))
        print(c['id'], round(b or 0,3), round(p or 0,3), items[:1], flush=True)
print('no document', round(statistics.mean(base),3), 'one card per key sentence', round(statistics.mean(per),3), 'the key sentences themselves', round(statistics.mean(ceiling),3))
