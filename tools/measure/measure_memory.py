#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""measure_memory.py: exact training-memory measurements of small decoder
transformers, used as ground truth for Rigplan's memory estimator.

Run with Debian's python (torch 1.13 lives there):

    /usr/bin/python3 tools/measure/measure_memory.py            # CPU, all cases
    /usr/bin/python3 tools/measure/measure_memory.py --list
    /usr/bin/python3 tools/measure/measure_memory.py --only llama
    /usr/bin/python3 tools/measure/measure_memory.py --device cuda
    /usr/bin/python3 tools/measure/measure_memory.py --check tests/data/measured/memory-cpu.json

The models are written here in plain PyTorch (no transformers library):
token embedding, optional learned positions, N pre-norm layers of eager
attention (explicit softmax(QK^T/sqrt(d)) with an additive causal mask)
and an MLP (GELU with two matrices or SwiGLU with three), a final norm and
an LM head (tied or untied).  See README.md for the meaning of every field
and ANALYSIS.md for the activation formula that --check evaluates.
"""

import argparse
import datetime
import gc
import json
import math
import os
import platform
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint

TOOL = "tools/measure/measure_memory.py"


# ---------------------------------------------------------------------------
# Saved-tensor accounting
# ---------------------------------------------------------------------------

class Recorder:
    """Counts the tensors autograd saves for backward.

    Every saved tensor is attributed to the region (embed, layer<i>,
    final_norm, lm_head, loss) and term (ln1, qkv_in, ...) that the model
    code announced last (REC.region / REC.term).  Tensors are deduplicated
    by their storage (the same storage saved twice is counted once), per
    region and globally, and are put in one of these classes:

      param       the storage of a parameter or buffer (a view of a weight)
      param_copy  a cast copy of a parameter (autocast's bf16 weights)
      scalar      a 0-dim tensor (wrapped python numbers, nll total_weight)
      act         everything else: the activations
    """

    def __init__(self, model, vocab):
        self.vocab = vocab
        self.region = "embed"
        self.term = ""
        self.enabled = False
        self.param_ptrs = set()
        self.param_by_shape = {}
        for p in list(model.parameters()) + list(model.buffers()):
            self.param_ptrs.add(p.storage().data_ptr())
            self.param_by_shape.setdefault(tuple(p.shape), []).append(p)
        # ptr -> entry, globally and per region
        self.seen = {}
        self.by_region = {}

    def _classify(self, t, ptr):
        if ptr in self.param_ptrs:
            return "param"
        if t.dim() == 0:
            return "scalar"
        with torch.no_grad():
            shape = tuple(t.shape)
            for p in self.param_by_shape.get(shape, []):
                if p.dtype != t.dtype and torch.equal(t, p.detach().to(t.dtype)):
                    return "param_copy"
            if t.dim() == 2:
                for p in self.param_by_shape.get(shape[::-1], []):
                    if p.dtype != t.dtype and torch.equal(t, p.detach().t().to(t.dtype)):
                        return "param_copy"
        return "act"

    def record(self, t, term=None):
        if not isinstance(t, torch.Tensor):
            return
        st = t.storage()
        ptr = (t.device.type, t.device.index, st.data_ptr())
        region = self.region
        term = self.term if term is None else term
        reg = self.by_region.setdefault(region, {})
        if ptr in reg and ptr in self.seen:
            return
        if ptr in self.seen:
            entry = dict(self.seen[ptr])
        else:
            entry = {
                "class": self._classify(t, ptr[2]),
                "bytes": st.nbytes(),
                "dtype": str(t.dtype).replace("torch.", ""),
                "shape": list(t.shape),
                "region": region,
                "term": term,
                "vocab": self.vocab in tuple(t.shape),
            }
            self.seen[ptr] = entry
        entry = dict(entry, term=term, region=region)
        reg[ptr] = entry

    def pack(self, t):
        if self.enabled:
            self.record(t)
        return t

    @staticmethod
    def unpack(t):
        return t

    # summaries -----------------------------------------------------------
    def total(self, cls="act"):
        return sum(e["bytes"] for e in self.seen.values() if e["class"] == cls)

    def logits(self):
        return sum(e["bytes"] for e in self.seen.values()
                   if e["class"] == "act" and e["vocab"]
                   and e["region"] in ("lm_head", "loss"))

    def region_total(self, region):
        return sum(e["bytes"] for e in self.by_region.get(region, {}).values()
                   if e["class"] == "act")

    def region_terms(self, region):
        out = {}
        for e in self.by_region.get(region, {}).values():
            if e["class"] == "act":
                out[e["term"]] = out.get(e["term"], 0) + e["bytes"]
        return out

    def region_detail(self, region):
        return [{"term": e["term"], "shape": e["shape"], "dtype": e["dtype"],
                 "bytes": e["bytes"]}
                for e in self.by_region.get(region, {}).values()
                if e["class"] == "act"]


class _NullRecorder:
    region = ""
    term = ""

    def record(self, t, term=None):
        pass


REC = _NullRecorder()


def set_term(term):
    REC.term = term


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

def dropout(x, p, training):
    # torch.native_dropout saves a bool mask (1 byte per element); it is
    # what F.dropout dispatches to on CUDA.  On CPU, torch 1.13's F.dropout
    # instead multiplies by a noise tensor of the input's dtype and saves
    # that, which is not what a GPU run holds.
    if p > 0 and training:
        return torch.native_dropout(x, p, True)[0]
    return x


class RMSNorm(nn.Module):
    """Llama's RMSNorm as written in HF transformers (eager)."""

    def __init__(self, hidden, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x):
        input_dtype = x.dtype
        h = x.to(torch.float32)
        var = h.pow(2).mean(-1, keepdim=True)
        h = h * torch.rsqrt(var + self.eps)
        return self.weight * h.to(input_dtype)


def make_norm(kind, hidden, bias):
    if kind == "layernorm":
        return nn.LayerNorm(hidden, elementwise_affine=True) if bias else \
            _LayerNormNoBias(hidden)
    return RMSNorm(hidden)


class _LayerNormNoBias(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.hidden = hidden

    def forward(self, x):
        return F.layer_norm(x, (self.hidden,), self.weight, None, 1e-5)


class LoRALinear(nn.Module):
    """y = base(x) + (x A^T) B^T * alpha/r, base frozen."""

    def __init__(self, base, rank, alpha=None):
        super().__init__()
        self.base = base
        self.rank = rank
        self.scaling = (alpha if alpha else 2 * rank) / rank
        self.lora_A = nn.Parameter(torch.empty(rank, base.in_features,
                                               dtype=base.weight.dtype))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank,
                                               dtype=base.weight.dtype))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))

    def forward(self, x):
        y = self.base(x)
        term = REC.term
        a = F.linear(x, self.lora_A)
        set_term("lora_r")
        y = y + F.linear(a, self.lora_B) * self.scaling
        set_term(term)
        return y


def repeat_kv(x, n_rep):
    """[b, kv, s, d] -> [b, kv*n_rep, s, d], as HF transformers does."""
    if n_rep == 1:
        return x
    b, kv, s, d = x.shape
    return x[:, :, None, :, :].expand(b, kv, n_rep, s, d).reshape(b, kv * n_rep, s, d)


class Attention(nn.Module):
    def __init__(self, a):
        super().__init__()
        h, heads, kv = a["hidden"], a["heads"], a["kv_heads"]
        bias = a["biases"] == "all"
        self.heads, self.kv_heads, self.head_dim = heads, kv, h // heads
        self.q = nn.Linear(h, heads * self.head_dim, bias=bias)
        self.k = nn.Linear(h, kv * self.head_dim, bias=bias)
        self.v = nn.Linear(h, kv * self.head_dim, bias=bias)
        self.o = nn.Linear(heads * self.head_dim, h, bias=bias)
        self.softmax_fp32 = a.get("softmax_fp32", False)
        self.p = 0.0

    def forward(self, x):
        b, s, _ = x.shape
        d = self.head_dim
        set_term("qkv_in")
        q = self.q(x).view(b, s, self.heads, d).transpose(1, 2)
        k = self.k(x).view(b, s, self.kv_heads, d).transpose(1, 2)
        v = self.v(x).view(b, s, self.kv_heads, d).transpose(1, 2)
        k = repeat_kv(k, self.heads // self.kv_heads)
        v = repeat_kv(v, self.heads // self.kv_heads)
        set_term("qk")
        scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(d)
        mask = torch.full((s, s), torch.finfo(scores.dtype).min,
                          dtype=scores.dtype, device=scores.device).triu(1)
        scores = scores + mask
        set_term("softmax")
        if self.softmax_fp32:
            probs = torch.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
        else:
            probs = torch.softmax(scores, dim=-1)
        set_term("attn_dropout")
        probs = dropout(probs, self.p, self.training)
        set_term("av")
        out = torch.matmul(probs, v)
        out = out.transpose(1, 2).reshape(b, s, self.heads * d)
        set_term("o_in")
        return self.o(out)


class MLP(nn.Module):
    def __init__(self, a):
        super().__init__()
        h, f = a["hidden"], a["ffn"]
        bias = a["biases"] == "all"
        self.gated = a["ffn_act"] == "swiglu"
        if self.gated:
            self.gate = nn.Linear(h, f, bias=bias)
        self.up = nn.Linear(h, f, bias=bias)
        self.down = nn.Linear(f, h, bias=bias)

    def forward(self, x):
        set_term("mlp_in")
        if self.gated:
            g = self.gate(x)
            u = self.up(x)
            set_term("act_in")
            g = F.silu(g)
            set_term("gate_mul")
            m = g * u
        else:
            u = self.up(x)
            set_term("act_in")
            m = F.gelu(u)
        set_term("mlp_mid")
        return self.down(m)


class Block(nn.Module):
    def __init__(self, a):
        super().__init__()
        bias = a["biases"] == "all"
        self.ln1 = make_norm(a["norm"], a["hidden"], bias)
        self.attn = Attention(a)
        self.ln2 = make_norm(a["norm"], a["hidden"], bias)
        self.mlp = MLP(a)
        self.p = 0.0

    def forward(self, x):
        set_term("ln1")
        h = self.ln1(x)
        h = self.attn(h)
        set_term("attn_out_dropout")
        x = x + dropout(h, self.p, self.training)
        set_term("ln2")
        h = self.ln2(x)
        h = self.mlp(h)
        set_term("mlp_out_dropout")
        return x + dropout(h, self.p, self.training)


class Decoder(nn.Module):
    def __init__(self, a, t):
        super().__init__()
        self.a, self.t = a, t
        h = a["hidden"]
        self.tok = nn.Embedding(a["vocab"], h)
        self.pos = nn.Embedding(a["max_positions"], h) if a["max_positions"] else None
        self.layers = nn.ModuleList(Block(a) for _ in range(a["layers"]))
        self.norm = make_norm(a["norm"], h, a["biases"] == "all")
        self.lm_head = None if a["tied_embeddings"] else nn.Linear(h, a["vocab"], bias=False)
        self.p = t["dropout"]
        for blk in self.layers:
            blk.p = self.p
            blk.attn.p = self.p
        self.recompute = t["recompute"]
        self.reentrant = t.get("recompute_impl") == "reentrant"

    def forward(self, ids, labels):
        b, s = ids.shape
        REC.region = "embed"
        set_term("tok")
        x = self.tok(ids)
        if self.pos is not None:
            set_term("pos")
            x = x + self.pos(torch.arange(s, device=ids.device))
        set_term("emb_dropout")
        x = dropout(x, self.p, self.training)
        for i, blk in enumerate(self.layers):
            REC.region = "layer%d" % i
            if self.recompute == "full":
                set_term("checkpoint_input")
                if not self.reentrant:
                    # non-reentrant checkpoint keeps its inputs alive in a
                    # closure, not through saved_tensors_hooks: count them.
                    REC.record(x)
                x = torch.utils.checkpoint.checkpoint(blk, x, use_reentrant=self.reentrant)
            else:
                x = blk(x)
        REC.region = "final_norm"
        set_term("final_norm")
        x = self.norm(x)
        REC.region = "lm_head"
        set_term("lm_head_in")
        w = self.tok.weight if self.lm_head is None else self.lm_head.weight
        logits = F.linear(x, w)
        REC.region = "loss"
        set_term("loss")
        if self.t.get("logits_fp32"):
            logits = logits.float()
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1))


# ---------------------------------------------------------------------------
# Optimizers
# ---------------------------------------------------------------------------

class Lion(torch.optim.Optimizer):
    """Lion (Chen et al. 2023): one momentum buffer per parameter."""

    def __init__(self, params, lr=1e-4, betas=(0.9, 0.99), weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, weight_decay=weight_decay))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self.state[p]
                if "exp_avg" not in st:
                    st["exp_avg"] = torch.zeros_like(p)
                m = st["exp_avg"]
                p.mul_(1 - group["lr"] * group["weight_decay"])
                upd = m.mul(b1).add_(p.grad, alpha=1 - b1).sign_()
                p.add_(upd, alpha=-group["lr"])
                m.mul_(b2).add_(p.grad, alpha=1 - b2)


def make_optimizer(name, params):
    if name == "adamw":
        return torch.optim.AdamW(params, lr=1e-4)
    if name == "sgd":
        return torch.optim.SGD(params, lr=1e-3)
    if name == "sgd_momentum":
        return torch.optim.SGD(params, lr=1e-3, momentum=0.9)
    if name == "lion":
        return Lion(params, lr=1e-4)
    raise ValueError(name)


def optimizer_bytes(opt):
    total = step = 0
    for st in opt.state.values():
        for k, v in st.items():
            if isinstance(v, torch.Tensor):
                n = v.numel() * v.element_size()
                total += n
                if k == "step":
                    step += n
    return total, step


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------

def gpt(layers, hidden, heads, vocab, ffn=None, tied=True, positions=1024):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": heads,
            "ffn": ffn or 4 * hidden, "ffn_act": "gelu", "vocab": vocab,
            "max_positions": positions, "tied_embeddings": tied,
            "norm": "layernorm", "biases": "all", "softmax_fp32": False}


def llama(layers, hidden, heads, kv_heads, ffn, vocab, tied=False):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv_heads,
            "ffn": ffn, "ffn_act": "swiglu", "vocab": vocab, "max_positions": 0,
            "tied_embeddings": tied, "norm": "rmsnorm", "biases": "none",
            "softmax_fp32": True}


def train(precision="fp32", optimizer="adamw", seq_len=128, micro_batch=2,
          recompute="none", dropout=0.0, method="pretrain", lora_rank=0,
          lora_targets=None, logits_fp32=False):
    t = {"precision": precision, "optimizer": optimizer, "seq_len": seq_len,
         "micro_batch": micro_batch, "recompute": recompute, "dropout": dropout,
         "method": method, "lora_rank": lora_rank, "lora_targets": lora_targets,
         "attention": "eager", "logits_fp32": logits_fp32,
         "dropout_impl": "native_dropout (bool mask)"}
    if recompute == "full":
        t["recompute_impl"] = "non_reentrant"
    return t


def c(name, arch, training):
    return {"name": name, "arch": arch, "training": training}


# Llama-style runs upcast the logits before the loss, as HF's Llama does.
def ltrain(**kw):
    kw.setdefault("logits_fp32", True)
    return train(**kw)


CASES = [
    # --- GPT-style: LayerNorm, GELU 4h, biases, learned positions, tied
    c("gpt-h128-l2-fp32", gpt(2, 128, 4, 1000),
      train(seq_len=64, micro_batch=2)),
    c("gpt-h256-l4-fp32-drop", gpt(4, 256, 8, 5000),
      train(seq_len=128, micro_batch=2, dropout=0.1)),
    c("gpt-h256-l4-amp-drop", gpt(4, 256, 8, 5000),
      train(precision="amp-bf16", seq_len=128, micro_batch=2, dropout=0.1)),
    c("gpt-h256-l4-bf16-drop", gpt(4, 256, 8, 5000),
      train(precision="bf16", seq_len=128, micro_batch=2, dropout=0.1)),
    c("gpt-h256-l4-fp32-drop-ckpt", gpt(4, 256, 8, 5000),
      train(seq_len=128, micro_batch=2, dropout=0.1, recompute="full")),
    c("gpt-h256-l4-amp-drop-ckpt", gpt(4, 256, 8, 5000),
      train(precision="amp-bf16", seq_len=128, micro_batch=2, dropout=0.1,
            recompute="full")),
    c("gpt-h512-l4-fp32-sgdm", gpt(4, 512, 8, 8000),
      train(optimizer="sgd_momentum", seq_len=256, micro_batch=1)),
    c("gpt-h512-l3-amp-drop-untied", gpt(3, 512, 16, 8000, tied=False),
      train(precision="amp-bf16", seq_len=256, micro_batch=1, dropout=0.1)),
    c("gpt-h1024-l2-fp32-untied", gpt(2, 1024, 16, 32000, tied=False),
      train(seq_len=128, micro_batch=1)),
    c("gpt-h128-l8-fp32-s512-drop", gpt(8, 128, 4, 2000),
      train(seq_len=512, micro_batch=1, dropout=0.1)),
    c("gpt-h192-l3-fp32-b8-sgd", gpt(3, 192, 6, 3000),
      train(optimizer="sgd", seq_len=96, micro_batch=8)),
    c("gpt-h384-l2-amp-b4", gpt(2, 384, 12, 6000),
      train(precision="amp-bf16", seq_len=192, micro_batch=4)),
    c("gpt-h256-l2-fp32-ffn3h-lion", gpt(2, 256, 4, 4000, ffn=768),
      train(optimizer="lion", seq_len=128, micro_batch=2, dropout=0.1)),
    c("gpt-h256-l2-bf16-b4", gpt(2, 256, 8, 4000),
      train(precision="bf16", seq_len=64, micro_batch=4)),
    # --- Llama-style: RMSNorm, SwiGLU, no biases, no positions, untied,
    #     softmax and loss in fp32
    c("llama-h256-l4-fp32", llama(4, 256, 8, 8, 688, 4000),
      ltrain(seq_len=128, micro_batch=2)),
    c("llama-h256-l4-fp32-gqa", llama(4, 256, 8, 2, 688, 4000),
      ltrain(seq_len=128, micro_batch=2)),
    c("llama-h256-l4-amp-gqa", llama(4, 256, 8, 2, 688, 4000),
      ltrain(precision="amp-bf16", seq_len=128, micro_batch=2)),
    c("llama-h256-l4-bf16-gqa", llama(4, 256, 8, 2, 688, 4000),
      ltrain(precision="bf16", seq_len=128, micro_batch=2)),
    c("llama-h512-l2-amp-gqa-v32k", llama(2, 512, 16, 4, 1376, 32000),
      ltrain(precision="amp-bf16", seq_len=256, micro_batch=1)),
    c("llama-h256-l4-fp32-gqa-drop", llama(4, 256, 8, 2, 688, 4000),
      ltrain(seq_len=128, micro_batch=2, dropout=0.1)),
    c("llama-h256-l4-amp-gqa-ckpt", llama(4, 256, 8, 2, 688, 4000),
      ltrain(precision="amp-bf16", seq_len=128, micro_batch=2, recompute="full")),
    c("llama-h1024-l2-fp32-gqa-lion", llama(2, 1024, 16, 4, 2816, 16000),
      ltrain(optimizer="lion", seq_len=64, micro_batch=2)),
    c("llama-h128-l6-fp32-mqa-tied-s512", llama(6, 128, 4, 1, 352, 1000, tied=True),
      ltrain(seq_len=512, micro_batch=1)),
    c("llama-h128-l4-fp32-mqa-b2", llama(4, 128, 4, 1, 352, 1000),
      ltrain(seq_len=256, micro_batch=2)),
    c("llama-h256-l2-bf16-gqa-drop", llama(2, 256, 8, 4, 688, 4000),
      ltrain(precision="bf16", seq_len=128, micro_batch=2, dropout=0.1)),
    c("llama-h384-l3-amp-b8-sgdm", llama(3, 384, 6, 6, 1024, 3000),
      ltrain(precision="amp-bf16", optimizer="sgd_momentum", seq_len=64, micro_batch=8)),
    # --- LoRA
    c("lora-llama-h256-l4-fp32-attn-r8", llama(4, 256, 8, 2, 688, 4000),
      ltrain(seq_len=128, micro_batch=2, method="lora", lora_rank=8,
             lora_targets="attention")),
    c("lora-llama-h256-l4-amp-all-r16", llama(4, 256, 8, 2, 688, 4000),
      ltrain(precision="amp-bf16", seq_len=128, micro_batch=2, method="lora",
             lora_rank=16, lora_targets="all_linear")),
    c("lora-gpt-h256-l4-fp32-attn-r8-drop", gpt(4, 256, 8, 5000),
      train(seq_len=128, micro_batch=2, dropout=0.1, method="lora", lora_rank=8,
            lora_targets="attention")),
    c("lora-gpt-h256-l3-amp-qv-r4", gpt(3, 256, 8, 5000),
      train(precision="amp-bf16", seq_len=128, micro_batch=2, method="lora",
            lora_rank=4, lora_targets="qv")),
    c("lora-llama-h256-l4-amp-attn-r8-ckpt", llama(4, 256, 8, 2, 688, 4000),
      ltrain(precision="amp-bf16", seq_len=128, micro_batch=2, recompute="full",
             method="lora", lora_rank=8, lora_targets="attention")),
]


# ---------------------------------------------------------------------------
# Running one case
# ---------------------------------------------------------------------------

LORA_TARGETS = {
    "attention": ("attn.q", "attn.k", "attn.v", "attn.o"),
    "qv": ("attn.q", "attn.v"),
    "all_linear": ("attn.q", "attn.k", "attn.v", "attn.o",
                   "mlp.gate", "mlp.up", "mlp.down"),
}


def apply_lora(model, rank, targets):
    for p in model.parameters():
        p.requires_grad_(False)
    names = LORA_TARGETS[targets]
    for blk in model.layers:
        for name in names:
            parent_name, attr = name.split(".")
            parent = getattr(blk, parent_name)
            if not hasattr(parent, attr):
                continue
            setattr(parent, attr, LoRALinear(getattr(parent, attr), rank))


def tensor_bytes(ts):
    return sum(t.numel() * t.element_size() for t in ts)


def autocast_ctx(precision, device):
    if precision == "amp-bf16":
        return torch.autocast(device_type=device, dtype=torch.bfloat16)
    if precision == "amp-fp16":
        return torch.autocast(device_type=device, dtype=torch.float16)
    return torch.autocast(device_type=device, enabled=False)


def cuda_sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


def run_case(case, device):
    global REC
    a, t = case["arch"], case["training"]
    t0 = time.time()
    torch.manual_seed(1234)
    cuda = device == "cuda"
    if cuda:
        gc.collect()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        base_alloc = torch.cuda.memory_allocated()

    model = Decoder(a, t)
    if t["precision"] == "bf16":
        model = model.to(torch.bfloat16)
    elif t["precision"] == "fp16":
        model = model.to(torch.float16)
    if t["method"] == "lora":
        apply_lora(model, t["lora_rank"], t["lora_targets"])
    model = model.to(device)
    model.train()

    params = list(model.parameters())
    trainable = [p for p in params if p.requires_grad]
    opt = make_optimizer(t["optimizer"], trainable)

    b, s, V = t["micro_batch"], t["seq_len"], a["vocab"]
    g = torch.Generator().manual_seed(99)
    ids = torch.randint(0, V, (b, s), generator=g).to(device)
    labels = torch.randint(0, V, (b, s), generator=g).to(device)

    measured = {
        "params": sum(p.numel() for p in params),
        "trainable_params": sum(p.numel() for p in trainable),
        "weights_bytes": tensor_bytes(params),
    }
    cu = {}
    if cuda:
        cuda_sync(device)
        cu["weights_allocated"] = torch.cuda.memory_allocated() - base_alloc

    # ---- step 1: forward with the saved-tensor hooks
    rec = Recorder(model, V)
    REC = rec
    rec.enabled = True
    with autocast_ctx(t["precision"], device):
        with torch.autograd.graph.saved_tensors_hooks(rec.pack, rec.unpack):
            loss = model(ids, labels)
    rec.enabled = False
    loss.backward()
    measured["gradients_bytes"] = tensor_bytes(p.grad for p in params if p.grad is not None)
    opt.step()
    opt_total, opt_step = optimizer_bytes(opt)
    measured["optimizer_bytes"] = opt_total
    measured["optimizer_step_counter_bytes"] = opt_step
    opt.zero_grad(set_to_none=True)
    loss1 = float(loss.detach())
    del loss
    if cuda:
        cuda_sync(device)
        cu["step1_max_allocated"] = torch.cuda.max_memory_allocated() - base_alloc
        cu["step1_max_reserved"] = torch.cuda.max_memory_reserved()
        torch.cuda.reset_peak_memory_stats()
        cu["state_allocated"] = torch.cuda.memory_allocated() - base_alloc

    # ---- step 2: a plain training step (steady state, no hooks)
    REC = _NullRecorder()
    if cuda:
        cuda_sync(device)
        before_fwd = torch.cuda.memory_allocated()
    with autocast_ctx(t["precision"], device):
        loss = model(ids, labels)
    if cuda:
        cuda_sync(device)
        cu["forward_delta_allocated"] = torch.cuda.memory_allocated() - before_fwd
        cu["forward_max_allocated"] = torch.cuda.max_memory_allocated() - base_alloc
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    loss2 = float(loss.detach())
    del loss
    if cuda:
        cuda_sync(device)
        cu["max_memory_allocated"] = torch.cuda.max_memory_allocated() - base_alloc
        cu["max_memory_reserved"] = torch.cuda.max_memory_reserved()

    mid = "layer%d" % (a["layers"] // 2)
    measured.update({
        "activations_bytes": rec.total("act"),
        "logits_bytes": rec.logits(),
        "activations_by_layer_bytes": rec.region_total(mid),
        "activations_by_layer_index": a["layers"] // 2,
        "activations_by_term_bytes": rec.region_terms(mid),
        "activations_by_layer_detail": rec.region_detail(mid),
        "activations_by_region_bytes": {
            "embed": rec.region_total("embed"),
            "layers": [rec.region_total("layer%d" % i) for i in range(a["layers"])],
            "final_norm": rec.region_total("final_norm"),
            "lm_head": rec.region_total("lm_head"),
            "loss": rec.region_total("loss"),
        },
        "autocast_weight_copies_bytes": rec.total("param_copy"),
        "scalar_saved_bytes": rec.total("scalar"),
        "loss_step1": loss1,
        "loss_step2": loss2,
        "seconds": round(time.time() - t0, 3),
    })
    if cuda:
        measured["cuda"] = cu
    del model, opt, rec
    gc.collect()
    return measured


# ---------------------------------------------------------------------------
# The activation formula (ANALYSIS.md), evaluated by --check
# ---------------------------------------------------------------------------

def formula(case, device="cpu", mean_saves_input=True):
    """Saved-activation bytes predicted for PyTorch eager; the spec is
    ANALYSIS.md.  Returns a dict of regions: embed, layer0, layer (every
    other layer), final_norm, lm_head, loss, logits and total.

    device "cpu" is what the checked-in measurements follow.  "cuda"
    applies the two differences expected on a GPU (not measured here):
    autocast runs softmax in fp32, and LayerNorm keeps fp32 mean/rstd for
    16-bit inputs.  mean_saves_input: torch 1.13's mean(dim) saves its
    input (RMSNorm's x^2); newer releases keep only its sizes."""
    a, t = case["arch"], case["training"]
    s, b, h, heads = t["seq_len"], t["micro_batch"], a["hidden"], a["heads"]
    kv, f, V, L = a["kv_heads"], a["ffn"], a["vocab"], a["layers"]
    prec = t["precision"]
    drop = t["dropout"] > 0
    gated = a["ffn_act"] == "swiglu"
    rms = a["norm"] == "rmsnorm"
    lora = t["method"] == "lora"
    amp = prec.startswith("amp")
    T = s * b                            # tokens in the micro-batch
    d = h // heads                       # head dim
    hq = heads * d                       # q / attention output width
    # K and V as the QK^T and AV matmuls hold them: repeat_kv materialises
    # all heads, except MQA (kv == 1) at b == 1 where the repeat stays a
    # stride-0 view of the kv_heads-wide tensor.
    hk = kv * d if (kv == 1 and b == 1) else hq
    p = 4 if prec == "fp32" else 2       # matmul / activation element bytes
    r = 2 if prec in ("bf16", "fp16") else 4   # residual stream element bytes
    cuda = device == "cuda"
    stat = 4 if cuda else r              # LayerNorm mean/rstd (CPU: input dtype)
    sm = 4 if (a.get("softmax_fp32") or p == 4 or (cuda and amp)) else p  # softmax out
    lp = 4 if (p == 4 or amp or t.get("logits_fp32")) else p  # log_softmax
    targets = LORA_TARGETS.get(t["lora_targets"] or "", ())
    rank = t["lora_rank"]

    def saves_input(names):
        """how many linears among names save a copy of their input
        (autocast: each its own bf16 cast of an fp32 input; otherwise the
        one shared tensor).  Frozen linears do not save their input; a
        LoRA adapter on one does."""
        n = sum(1 for nm in names if (not lora) or nm in targets)
        return n if amp else min(n, 1)

    def norm(first=False):
        """bytes one norm saves: its input and statistics (+ RMSNorm's
        fp32 intermediates); its output is counted by the consumers."""
        if lora and first:
            return 0                     # input and weights need no grad
        if rms:
            n = T * (4 * h + 4)          # x as fp32, rsqrt per token
            if mean_saves_input:
                n += T * 4 * h           # x^2, saved by mean() in torch 1.13
            if not lora:
                n += T * h * r           # normalised x, for the weight's grad
            return n
        return T * (r * h + 2 * stat)    # input, mean, rstd

    def layer(first=False):
        if t["recompute"] == "full":
            return T * h * r             # the checkpointed layer input
        n = norm(first)
        n += saves_input(("attn.q", "attn.k", "attn.v")) * T * h * p
        # Q and K^T (QK^T inputs).  Q is saved only for K's gradient: in
        # LoRA's first layer K needs none unless k_proj has an adapter.
        if not (lora and first and "attn.k" not in targets):
            n += T * hq * p
        n += T * hk * p
        n += heads * s * s * b * sm      # softmax output
        if drop:
            n += heads * s * s * b * 1   # attention dropout mask (bool)
            n += heads * s * s * b * p   # dropout output (AV input)
        elif sm != p:
            n += heads * s * s * b * p   # softmax cast back (AV input)
        n += T * hk * p                  # V (AV input)
        n += saves_input(("attn.o",)) * T * hq * p   # o_proj input
        if drop:
            n += T * h                   # attention output dropout mask
        n += norm()
        n += saves_input(("mlp.gate", "mlp.up") if gated else ("mlp.up",)) * T * h * p
        if gated:
            n += 3 * T * f * p           # silu input, silu output, up output
        else:
            n += T * f * p               # gelu input
        n += saves_input(("mlp.down",)) * T * f * p   # down_proj input
        if drop:
            n += T * h                   # mlp output dropout mask
        if lora:
            n_ad = sum(1 for nm in targets if nm != "mlp.gate" or gated)
            n += n_ad * T * rank * p     # each adapter's rank-r middle
        return n

    reg = {}
    reg["embed"] = 0 if lora else (T * 8 + (s * 8 if a["max_positions"] else 0) +
                                   (T * h if drop else 0))
    reg["layer0"] = layer(first=True)
    reg["layer"] = layer()
    reg["final_norm"] = norm()
    reg["lm_head"] = 0 if lora else T * h * p
    reg["logits"] = T * V * lp           # log_softmax output
    reg["loss"] = reg["logits"] + T * 8  # + the int64 labels
    reg["total"] = (reg["embed"] + reg["layer0"] + (L - 1) * reg["layer"] +
                    reg["final_norm"] + reg["lm_head"] + reg["loss"])
    return reg


def _pct(pred, meas):
    if meas == 0:
        return 0.0 if pred == 0 else float("inf")
    return 100.0 * (pred - meas) / meas


def check(path):
    """Print a markdown table of formula vs measurement; returns the worst
    |error| in % for the middle layer, the logits, every region and the
    total."""
    with open(path) as fp:
        data = json.load(fp)
    worst = {"layer": 0.0, "logits": 0.0, "regions": 0.0, "total": 0.0}
    print("| case | layer measured | layer formula | err % | logits measured | err % "
          "| total measured | total formula | err % | Korthikanti (16-bit) | its err % |")
    print("|" + "---|" * 11)
    device = data.get("device", "cpu")
    for case in data["cases"]:
        m = case["measured"]
        f = formula(case, device)
        mid = m["activations_by_layer_bytes"]
        e_layer = _pct(f["layer"], mid)
        e_logits = _pct(f["logits"], m["logits_bytes"])
        e_total = _pct(f["total"], m["activations_bytes"])
        regs = m["activations_by_region_bytes"]
        e_reg = 0.0
        for i, meas in enumerate(regs["layers"]):
            e_reg = max(e_reg, abs(_pct(f["layer0"] if i == 0 else f["layer"], meas)))
        for k in ("embed", "final_norm", "lm_head", "loss"):
            e_reg = max(e_reg, abs(_pct(f[k], regs[k])))
        worst["layer"] = max(worst["layer"], abs(e_layer))
        worst["logits"] = max(worst["logits"], abs(e_logits))
        worst["regions"] = max(worst["regions"], e_reg)
        worst["total"] = max(worst["total"], abs(e_total))
        kor = korthikanti(case)
        print("| %s | %d | %d | %+.2f | %d | %+.2f | %d | %d | %+.2f | %d | %+.1f |" %
              (case["name"], mid, f["layer"], e_layer, m["logits_bytes"], e_logits,
               m["activations_bytes"], f["total"], e_total, kor, _pct(kor, mid)))
    print()
    print("max |error| %%: middle layer %.3f, logits %.3f, any region %.3f, total %.3f" %
          (worst["layer"], worst["logits"], worst["regions"], worst["total"]))
    return worst


def korthikanti(case):
    """eq. 1 of Korthikanti et al. 2022 as published (16-bit activations,
    no recomputation): s*b*h*(34 + 5*a*s/h) bytes per layer.  Under full
    recomputation the paper's number is 2*s*b*h (the layer input)."""
    a, t = case["arch"], case["training"]
    s, b, h, heads = t["seq_len"], t["micro_batch"], a["hidden"], a["heads"]
    if t["recompute"] == "full":
        return 2 * s * b * h
    return s * b * h * (34 + 5 * heads * s // h) if (heads * s) % h == 0 else \
        int(s * b * h * 34 + 5 * heads * s * s * b)


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------

def machine_info():
    u = platform.uname()
    return {"system": u.system, "node": u.node, "release": u.release,
            "version": u.version, "machine": u.machine,
            "processor": u.processor or platform.processor(),
            "cpu_count": os.cpu_count(),
            "torch_threads": torch.get_num_threads()}


NOTES = (
    "Exact byte counts from one training step per case. activations_bytes counts the "
    "tensors autograd saves for backward during one forward pass "
    "(torch.autograd.graph.saved_tensors_hooks), deduplicated by storage; "
    "parameters, buffers, views of them and autocast's cast copies of weights are "
    "excluded (the copies are in autocast_weight_copies_bytes), as are 0-dim tensors "
    "(scalar_saved_bytes). Under recompute=full (non-reentrant checkpoint) the "
    "checkpointed layer inputs are counted explicitly. Dropout uses "
    "torch.native_dropout (bool mask, what F.dropout does on CUDA). "
    "Autocast follows torch 1.13's CPU op lists, which differ from CUDA's "
    "(see tools/measure/ANALYSIS.md).")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    ap.add_argument("--out", help="output JSON (default tests/data/measured/memory-<device>.json)")
    ap.add_argument("--only", action="append", default=[],
                    help="run only cases whose name contains this (repeatable)")
    ap.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: leave)")
    ap.add_argument("--reentrant", action="store_true",
                    help="use the reentrant checkpoint for recompute=full")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--check", metavar="JSON",
                    help="compare a results file with the ANALYSIS.md formula; exit 1 "
                    "when any error exceeds --tolerance")
    ap.add_argument("--tolerance", type=float, default=0.5,
                    help="allowed |error| in %% for --check (default 0.5)")
    args = ap.parse_args()

    if args.check:
        worst = check(args.check)
        return 1 if max(worst.values()) > args.tolerance else 0
    if args.list:
        for case in CASES:
            print(case["name"])
        return 0
    if args.device == "cuda" and not torch.cuda.is_available():
        print("CUDA is not available", file=sys.stderr)
        return 1
    if args.threads:
        torch.set_num_threads(args.threads)

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = args.out or os.path.join(root, "tests", "data", "measured",
                                   "memory-%s.json" % args.device)
    cases = [cs for cs in CASES
             if not args.only or any(o in cs["name"] for o in args.only)]
    results = []
    t_all = time.time()
    for case in cases:
        case = json.loads(json.dumps(case))
        if args.reentrant and case["training"]["recompute"] == "full":
            case["training"]["recompute_impl"] = "reentrant"
        m = run_case(case, args.device)
        case["measured"] = m
        results.append(case)
        print("%-40s %7.2fs  act %11d  layer %10d  logits %10d" %
              (case["name"], m["seconds"], m["activations_bytes"],
               m["activations_by_layer_bytes"], m["logits_bytes"]), flush=True)
    total_s = time.time() - t_all
    doc = {
        "tool": TOOL,
        "torch_version": torch.__version__,
        "python": sys.version.split()[0],
        "machine": machine_info(),
        "device": args.device,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "runtime_seconds": round(total_s, 1),
        "notes": NOTES,
        "cases": results,
    }
    if args.device == "cuda":
        doc["cuda_device"] = torch.cuda.get_device_name(0)
        doc["cuda_version"] = torch.version.cuda
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as fp:
        json.dump(doc, fp, indent=1)
        fp.write("\n")
    print("%d cases in %.1fs -> %s" % (len(results), total_s, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
