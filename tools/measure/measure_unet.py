#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""measure_unet.py: exact saved-for-backward bytes and forward FLOPs of the
Stable Diffusion 1.5 and SDXL-base UNets, used for the sd-1.5-unet and
sdxl-unet presets of data/catalogs/models.json.

Run with Debian's python (torch 1.13 lives there):

    /usr/bin/python3 tools/measure/measure_unet.py               # writes tests/data/measured/unet-cpu.json
    /usr/bin/python3 tools/measure/measure_unet.py --only sd15 --out /tmp/u.json
    /usr/bin/python3 tools/measure/measure_unet.py --direct      # also runs SD 1.5 at the full 64x64 latent
    /usr/bin/python3 tools/measure/measure_unet.py --checkpointed-only   # adds only the "checkpointed"
                                                                 # results to the existing JSON (~2 min)

The networks are diffusers' UNet2DConditionModel written out in plain
PyTorch (no diffusers): conv_in, sinusoidal time embedding
(flip_sin_to_cos, shift 0) + TimestepEmbedding, ResnetBlock2D (GroupNorm 32,
SiLU, 3x3 convs, time projection, 1x1 shortcut when channels change),
Transformer2DModel (GroupNorm eps 1e-6, proj_in/out as 1x1 conv (SD 1.5) or
Linear (SDXL), BasicTransformerBlock = LN + self-attention, LN +
cross-attention, LN + GEGLU feed-forward (4x)), Downsample2D (3x3 stride-2
conv), Upsample2D (nearest x2 + 3x3 conv), skip concatenation, GroupNorm +
SiLU + conv_out.  SDXL adds the text_time embedding (Timesteps(256) of the
6 time ids + pooled text embedding 1280 -> TimestepEmbedding(2816, 1280)).
Parameter counts are checked against the published 859,520,964 and
2,567,463,684.

Precision: "amp" emulates CUDA torch.autocast (fp16/bf16) op by op, with
bfloat16 as the 16-bit type: convolutions, linears and attention matmuls in
16-bit (inputs cast, so a layer fed by a float32 tensor saves a 16-bit
copy); group_norm, layer_norm and softmax in float32 (they are on CUDA
autocast's fp32 list, so a 16-bit input is saved as a float32 copy and the
output is float32); everything else (SiLU, GELU, adds, mul) in the dtype it
is given.  CPU autocast in torch 1.13 uses different lists, which is why
the casts are written out instead.

Attention: "sdpa" stands for F.scaled_dot_product_attention with the flash
or memory-efficient kernel (diffusers' default AttnProcessor2_0 on torch 2):
it saves q, k, v, the output and a float32 logsumexp per row, no N x N
matrix (emulated by an autograd.Function that saves exactly those).
"eager" is diffusers' classic AttnProcessor (baddbmm, softmax, bmm) under
autocast: it saves the float32 softmax output and its 16-bit copy.

Method: one training-mode forward (+ MSE loss on the float32 output) inside
torch.autograd.graph.saved_tensors_hooks; every saved tensor is counted
once per storage; parameters and cast copies of parameters are excluded.
Because every term is exactly a*HW + b*HW^2 + c per sample (HW = latent
pixels; the HW^2 part is the eager N x N matrices), measuring three latent
sizes determines the coefficients, which are then evaluated at the
preset's latent (64x64 for SD 1.5, 128x128 for SDXL) and checked against a
fourth size.  FLOPs (2 x MACs of convs, linears and the two attention
matmuls) are fitted the same way.  Nothing here runs backward.

Checkpointed variant ("checkpointed" in the JSON, sdpa attention only):
what diffusers does after unet.enable_gradient_checkpointing() (which sets
gradient_checkpointing on every block that has the flag):
CrossAttnDownBlock2D / DownBlock2D / CrossAttnUpBlock2D / UpBlock2D wrap
each ResnetBlock2D in torch.utils.checkpoint.checkpoint(use_reentrant=False)
(the up blocks concatenate the skip before the call, so the concatenation
is the checkpoint input); UNetMidBlock2DCrossAttn runs resnets[0] plainly
and checkpoints resnets[1:]; Transformer2DModel (itself not checkpointed:
its GroupNorm, proj_in, proj_out stay saved) checkpoints each
BasicTransformerBlock.  conv_in, the embeddings, the down/upsampler convs
and the output head are not checkpointed.  The real
torch.utils.checkpoint is used; what stays saved during the forward is
what the outer hook sees (the non-checkpointed ops) plus the tensor
arguments each checkpoint keeps alive for its recomputation (hidden
states, temb, encoder states; deduplicated by storage).  Inside each
checkpointed call a nested hook records what the block saves (and drops
it, as checkpoint does): that is what the backward recomputes for the
block, so "peak_extra" = the largest block's saved bytes not already held
(the transient extra during the backward, gradients not included).
"""

import argparse
import datetime
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

TOOL = "tools/measure/measure_unet.py"
LP = torch.bfloat16

CONFIGS = {
    "sd15": dict(
        name="sd-1.5-unet", params=859520964, image=512,
        block_out=(320, 640, 1280, 1280),
        down=("xattn", "xattn", "xattn", "plain"),
        up=("plain", "xattn", "xattn", "xattn"),
        tlayers=(1, 1, 1, 1), heads=(8, 8, 8, 8), head_dim=None,
        cross_dim=768, linear_proj=False, text_time=False),
    "sdxl": dict(
        name="sdxl-unet", params=2567463684, image=1024,
        block_out=(320, 640, 1280),
        down=("plain", "xattn", "xattn"),
        up=("xattn", "xattn", "plain"),
        tlayers=(1, 2, 10), heads=(5, 10, 20), head_dim=None,
        cross_dim=2048, linear_proj=True, text_time=True),
}


# ---------------------------------------------------------------------------
# Precision policy and counters
# ---------------------------------------------------------------------------

class State:
    weight_copies = set()   # storages of float32 copies of 16-bit weights
    keep = []
    macs = 0
    attn = "sdpa"
    ckpt = False        # diffusers gradient checkpointing on
    rec = None          # the outer Recorder (for checkpoint inputs)
    segments = []       # (name, extra saved bytes of one checkpointed call)


S = State()


def lp(x):
    return x if x.dtype == LP else x.to(LP)


def f32w(w):
    if w is None:
        return None
    c = w.float()
    S.weight_copies.add(c.storage().data_ptr())
    S.keep.append(c)    # keep alive: a freed copy's address could be reused by an activation
    return c


def conv(m, x):
    y = F.conv2d(lp(x), m.weight, m.bias, m.stride, m.padding)
    S.macs += y.numel() * m.weight.shape[1] * m.weight.shape[2] * m.weight.shape[3]
    return y


def linear(m, x):
    y = F.linear(lp(x), m.weight, m.bias)
    S.macs += y.numel() * m.weight.shape[1]
    return y


def group_norm(m, x):
    return F.group_norm(x.float(), m.num_groups, f32w(m.weight), f32w(m.bias), m.eps)


def layer_norm(m, x):
    return F.layer_norm(x.float(), m.normalized_shape, f32w(m.weight), f32w(m.bias), m.eps)


class FlashLikeAttention(torch.autograd.Function):
    """Saves what the flash / memory-efficient SDPA kernels save: q, k, v,
    the output (stored [B, N, heads, d], returned as a [B, heads, N, d]
    view) and the float32 logsumexp [B, heads, N]."""

    @staticmethod
    def forward(ctx, q, k, v):
        with torch.no_grad():
            s = torch.matmul(q.float(), k.float().transpose(-1, -2)) / math.sqrt(q.shape[-1])
            lse = torch.logsumexp(s, dim=-1)
            p = torch.exp(s - lse.unsqueeze(-1))
            out = torch.matmul(p, v.float()).to(q.dtype).transpose(1, 2).contiguous()
        ctx.save_for_backward(q, k, v, out, lse)
        return out.transpose(1, 2)

    @staticmethod
    def backward(ctx, g):
        raise NotImplementedError("measurement only")



class SegmentRecorder:
    """Innermost saved_tensors_hooks inside one checkpointed call: records
    what the block saves (= what its recomputation materialises in the
    backward) and, like checkpoint, stores only a placeholder.  The tensors
    are kept alive until the call ends so a freed address is not reused
    (which would make two storages look like one)."""

    def __init__(self, outer):
        self.outer = outer
        self.seen = {}
        self.keep = []

    def pack(self, t):
        if isinstance(t, torch.Tensor):
            st = t.storage()
            ptr = st.data_ptr()
            if ptr not in self.seen:
                if ptr in self.outer.param_ptrs:
                    cls = "param"
                elif ptr in S.weight_copies:
                    cls = "param_copy"
                elif t.dim() == 0:
                    cls = "scalar"
                else:
                    cls = "act"
                self.seen[ptr] = (cls, st.nbytes())
            self.keep.append(t)
        return None

    def extra_bytes(self):
        """Saved activation bytes of the block not already held outside it
        (its checkpoint input, temb, the encoder states)."""
        return sum(nb for ptr, (cls, nb) in self.seen.items()
                   if cls == "act" and ptr not in self.outer.seen)


def _never_unpacked(x):
    raise RuntimeError("measurement only: no backward")


def ckpt(name, fn, *args):
    """fn(*args), wrapped like diffusers' gradient checkpointing when S.ckpt."""
    if not S.ckpt:
        return fn(*args)
    for a in args:                      # kept alive by the checkpoint until backward
        if isinstance(a, torch.Tensor):
            S.rec.pack(a)
            # The checkpoint's unpack closure holds args, but here the block's
            # ops are packed by the nested hook below, so nothing would: keep
            # them alive explicitly (as in a real run, and so that a freed
            # address is not reused by a later saved tensor).
            S.keep.append(a)
    seg = SegmentRecorder(S.rec)

    def run(*a):
        with torch.autograd.graph.saved_tensors_hooks(seg.pack, _never_unpacked):
            return fn(*a)

    out = torch.utils.checkpoint.checkpoint(run, *args, use_reentrant=False)
    S.segments.append((f"{name} {list(args[0].shape[1:])}", seg.extra_bytes()))
    seg.keep.clear()
    return out

# ---------------------------------------------------------------------------
# Modules (parameters only; forward written with the helpers above)
# ---------------------------------------------------------------------------

def Lin(i, o, bias=True):
    return nn.Linear(i, o, bias=bias, dtype=LP)


def Conv(i, o, k, stride=1):
    return nn.Conv2d(i, o, k, stride=stride, padding=k // 2, dtype=LP)


def GN(c, eps=1e-5):
    return nn.GroupNorm(32, c, eps=eps, dtype=LP)


class TimestepEmbedding(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.linear_1 = Lin(i, o)
        self.linear_2 = Lin(o, o)

    def forward(self, x):
        return linear(self.linear_2, F.silu(linear(self.linear_1, x)))


def timestep_features(t, dim):
    """diffusers get_timestep_embedding(flip_sin_to_cos=True, shift=0)."""
    half = dim // 2
    ex = torch.exp(-math.log(10000) * torch.arange(half, dtype=torch.float32) / half)
    e = t[:, None].float() * ex[None, :]
    return torch.cat([torch.cos(e), torch.sin(e)], dim=-1)


class Resnet(nn.Module):
    def __init__(self, i, o, temb=1280):
        super().__init__()
        self.norm1 = GN(i)
        self.conv1 = Conv(i, o, 3)
        self.time_emb_proj = Lin(temb, o)
        self.norm2 = GN(o)
        self.conv2 = Conv(o, o, 3)
        self.conv_shortcut = Conv(i, o, 1) if i != o else None

    def forward(self, x, temb):
        h = conv(self.conv1, F.silu(group_norm(self.norm1, x)))
        h = h + linear(self.time_emb_proj, F.silu(temb))[:, :, None, None]
        h = conv(self.conv2, F.silu(group_norm(self.norm2, h)))   # dropout(0.0) is a no-op
        sc = conv(self.conv_shortcut, x) if self.conv_shortcut is not None else x
        return sc + h


class Attention(nn.Module):
    def __init__(self, dim, heads, kv_dim=None):
        super().__init__()
        kv_dim = kv_dim or dim
        self.heads = heads
        self.to_q = Lin(dim, dim, bias=False)
        self.to_k = Lin(kv_dim, dim, bias=False)
        self.to_v = Lin(kv_dim, dim, bias=False)
        self.to_out = nn.ModuleList([Lin(dim, dim)])

    def forward(self, x, ctx=None):
        ctx = x if ctx is None else ctx
        B, N, C = x.shape
        h, d = self.heads, C // self.heads
        q, k, v = linear(self.to_q, x), linear(self.to_k, ctx), linear(self.to_v, ctx)
        Nk = k.shape[1]
        S.macs += 2 * B * h * N * Nk * d
        if S.attn == "sdpa":     # AttnProcessor2_0
            q = q.view(B, N, h, d).transpose(1, 2)
            k = k.view(B, Nk, h, d).transpose(1, 2)
            v = v.view(B, Nk, h, d).transpose(1, 2)
            o = FlashLikeAttention.apply(q, k, v)
            o = o.transpose(1, 2).reshape(B, N, C)
        else:                    # AttnProcessor (head_to_batch_dim, baddbmm, softmax, bmm)
            q = q.reshape(B, N, h, d).permute(0, 2, 1, 3).reshape(B * h, N, d)
            k = k.reshape(B, Nk, h, d).permute(0, 2, 1, 3).reshape(B * h, Nk, d)
            v = v.reshape(B, Nk, h, d).permute(0, 2, 1, 3).reshape(B * h, Nk, d)
            s = torch.baddbmm(torch.empty(B * h, N, Nk, dtype=q.dtype), q, k.transpose(-1, -2),
                              beta=0, alpha=d ** -0.5)
            p = s.float().softmax(dim=-1).to(q.dtype)     # autocast: softmax in fp32
            o = torch.bmm(p, v)
            o = o.reshape(B, h, N, d).permute(0, 2, 1, 3).reshape(B, N, C)
        return linear(self.to_out[0], o)


class GEGLU(nn.Module):
    def __init__(self, dim, inner):
        super().__init__()
        self.proj = Lin(dim, inner * 2)

    def forward(self, x):
        hs, gate = linear(self.proj, x).chunk(2, dim=-1)
        return hs * F.gelu(gate)


class FeedForward(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.ModuleList([GEGLU(dim, 4 * dim), nn.Identity(), Lin(4 * dim, dim)])

    def forward(self, x):
        return linear(self.net[2], self.net[0](x))


class BasicTransformerBlock(nn.Module):
    def __init__(self, dim, heads, cross_dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, dtype=LP)
        self.attn1 = Attention(dim, heads)
        self.norm2 = nn.LayerNorm(dim, dtype=LP)
        self.attn2 = Attention(dim, heads, cross_dim)
        self.norm3 = nn.LayerNorm(dim, dtype=LP)
        self.ff = FeedForward(dim)

    def forward(self, x, ctx):
        x = self.attn1(layer_norm(self.norm1, x)) + x
        x = self.attn2(layer_norm(self.norm2, x), ctx) + x
        return self.ff(layer_norm(self.norm3, x)) + x


class Transformer2D(nn.Module):
    def __init__(self, dim, heads, layers, cross_dim, linear_proj):
        super().__init__()
        self.linear_proj = linear_proj
        self.norm = GN(dim, eps=1e-6)
        self.proj_in = Lin(dim, dim) if linear_proj else Conv(dim, dim, 1)
        self.transformer_blocks = nn.ModuleList(
            [BasicTransformerBlock(dim, heads, cross_dim) for _ in range(layers)])
        self.proj_out = Lin(dim, dim) if linear_proj else Conv(dim, dim, 1)

    def forward(self, x, ctx):
        B, C, H, W = x.shape
        res = x
        h = group_norm(self.norm, x)
        if self.linear_proj:
            h = linear(self.proj_in, h.permute(0, 2, 3, 1).reshape(B, H * W, C))
        else:
            h = conv(self.proj_in, h).permute(0, 2, 3, 1).reshape(B, H * W, C)
        for blk in self.transformer_blocks:
            h = ckpt("transformer_block", blk, h, ctx)
        if self.linear_proj:
            h = linear(self.proj_out, h).reshape(B, H, W, C).permute(0, 3, 1, 2).contiguous()
        else:
            h = conv(self.proj_out, h.reshape(B, H, W, C).permute(0, 3, 1, 2).contiguous())
        return h + res


class Block(nn.Module):
    """CrossAttn/plain Down/Up block of diffusers."""

    def __init__(self, in_chs, out_c, xattn, heads, layers, cfg, down=False, up=False):
        super().__init__()
        self.resnets = nn.ModuleList([Resnet(i, out_c) for i in in_chs])
        self.attentions = nn.ModuleList(
            [Transformer2D(out_c, heads, layers, cfg["cross_dim"], cfg["linear_proj"])
             for _ in in_chs]) if xattn else None
        self.down = Conv(out_c, out_c, 3, stride=2) if down else None
        self.up = Conv(out_c, out_c, 3) if up else None

    def forward_down(self, x, temb, ctx):
        outs = []
        for i, r in enumerate(self.resnets):
            x = ckpt("resnet", r, x, temb)
            if self.attentions is not None:
                x = self.attentions[i](x, ctx)
            outs.append(x)
        if self.down is not None:
            x = conv(self.down, x)
            outs.append(x)
        return x, outs

    def forward_up(self, x, skips, temb, ctx):
        for i, r in enumerate(self.resnets):
            x = ckpt("resnet", r, torch.cat([x, skips.pop()], dim=1), temb)
            if self.attentions is not None:
                x = self.attentions[i](x, ctx)
        if self.up is not None:
            x = conv(self.up, F.interpolate(x.float(), scale_factor=2.0, mode="nearest").to(x.dtype))
        return x


class UNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        bo = cfg["block_out"]
        n = len(bo)
        self.conv_in = Conv(4, bo[0], 3)
        self.time_embedding = TimestepEmbedding(bo[0], 1280)
        if cfg["text_time"]:
            self.add_embedding = TimestepEmbedding(1280 + 6 * 256, 1280)
        self.down_blocks = nn.ModuleList()
        out_c = bo[0]
        for i in range(n):
            in_c, out_c = out_c, bo[i]
            self.down_blocks.append(Block([in_c, out_c], out_c, cfg["down"][i] == "xattn",
                                          cfg["heads"][i], cfg["tlayers"][i], cfg,
                                          down=i != n - 1))
        self.mid_resnets = nn.ModuleList([Resnet(bo[-1], bo[-1]), Resnet(bo[-1], bo[-1])])
        self.mid_attention = Transformer2D(bo[-1], cfg["heads"][-1], cfg["tlayers"][-1],
                                           cfg["cross_dim"], cfg["linear_proj"])
        rb = list(reversed(bo))
        rh, rl = list(reversed(cfg["heads"])), list(reversed(cfg["tlayers"]))
        self.up_blocks = nn.ModuleList()
        out_c = rb[0]
        for i in range(n):
            prev, out_c = out_c, rb[i]
            inp = rb[min(i + 1, n - 1)]
            in_chs = [(prev if j == 0 else out_c) + (inp if j == 2 else out_c) for j in range(3)]
            self.up_blocks.append(Block(in_chs, out_c, cfg["up"][i] == "xattn", rh[i], rl[i], cfg,
                                        up=i != n - 1))
        self.conv_norm_out = GN(bo[0])
        self.conv_out = Conv(bo[0], 4, 3)

    def forward(self, sample, t, ctx, text_embeds=None, time_ids=None):
        temb = self.time_embedding(timestep_features(t, self.cfg["block_out"][0]).to(LP))
        if self.cfg["text_time"]:
            tid = timestep_features(time_ids.flatten(), 256).reshape(time_ids.shape[0], -1)
            add = torch.cat([text_embeds, tid.to(text_embeds.dtype)], dim=-1)
            temb = temb + self.add_embedding(add.to(LP))
        x = conv(self.conv_in, sample)
        skips = [x]
        for b in self.down_blocks:
            x, outs = b.forward_down(x, temb, ctx)
            skips += outs
        x = self.mid_resnets[0](x, temb)
        x = self.mid_attention(x, ctx)
        x = ckpt("resnet", self.mid_resnets[1], x, temb)   # diffusers: resnets[0] not checkpointed
        for b in self.up_blocks:
            x = b.forward_up(x, skips, temb, ctx)
        return conv(self.conv_out, F.silu(group_norm(self.conv_norm_out, x)))


# ---------------------------------------------------------------------------
# Measurement
# ---------------------------------------------------------------------------

class Recorder:
    def __init__(self, model):
        self.param_ptrs = {p.storage().data_ptr() for p in model.parameters()}
        self.seen = {}
        self.region = "unet"

    def pack(self, t):
        if isinstance(t, torch.Tensor):
            st = t.storage()
            ptr = st.data_ptr()
            if ptr not in self.seen:
                if ptr in self.param_ptrs:
                    cls = "param"
                elif ptr in S.weight_copies:
                    cls = "param_copy"
                elif t.dim() == 0:
                    cls = "scalar"
                else:
                    cls = "act"
                self.seen[ptr] = (cls, st.nbytes(), str(t.dtype).replace("torch.", ""),
                                  self.region)
        return t


def run_case(model, cfg, latent, batch, attn, checkpointed=False):
    torch.manual_seed(0)
    S.attn, S.macs = attn, 0
    S.ckpt, S.segments = checkpointed, []
    S.weight_copies.clear()
    S.keep.clear()
    sample = torch.randn(batch, 4, latent, latent)                 # fp32 noisy latents
    t = torch.randint(0, 1000, (batch,))
    ctx = torch.randn(batch, 77, cfg["cross_dim"], dtype=LP)       # frozen text encoder output
    kw = {}
    if cfg["text_time"]:
        kw = dict(text_embeds=torch.randn(batch, 1280, dtype=LP),
                  time_ids=torch.tensor([[1024., 1024., 0., 0., 1024., 1024.]] * batch))
    noise = torch.randn(batch, 4, latent, latent)
    rec = Recorder(model)
    S.rec = rec
    with torch.autograd.graph.saved_tensors_hooks(rec.pack, lambda x: x):
        out = model(sample, t, ctx, **kw)
        macs = S.macs
        rec.region = "loss"
        loss = F.mse_loss(out.float(), noise.float())
    del loss, out
    res = {"latent": latent, "batch": batch, "attention": attn, "forward_macs": macs,
           "act_bytes": 0, "loss_bytes": 0, "act_by_dtype": {}, "param_copy_bytes": 0}
    for cls, nb, dt, region in rec.seen.values():
        if cls == "act":
            res["act_bytes"] += nb
            if region == "loss":
                res["loss_bytes"] += nb
            res["act_by_dtype"][dt] = res["act_by_dtype"].get(dt, 0) + nb
        elif cls == "param_copy":
            res["param_copy_bytes"] += nb
    if checkpointed:
        res["checkpointed"] = True
        res["segments"] = len(S.segments)
        res["segment_extra_bytes"] = [nb for _, nb in S.segments]
        res["segment_names"] = [n for n, _ in S.segments]
        res["peak_extra_bytes"] = max(nb for _, nb in S.segments)
        res["peak_extra_segment"] = max(S.segments, key=lambda s: s[1])[0]
    S.ckpt, S.rec, S.segments = False, None, []
    S.weight_copies.clear()
    S.keep.clear()
    return res


def fit(points, target):
    """Exact fit y = a*x + b*x^2 + c through three (x=HW, y) points;
    returns (a, b, c, y(target))."""
    import fractions
    X = [[fractions.Fraction(x), fractions.Fraction(x * x), 1] for x, _ in points]
    Y = [fractions.Fraction(y) for _, y in points]
    # Cramer's rule
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    D = det(X)
    coef = []
    for j in range(3):
        m = [row[:] for row in X]
        for i in range(3):
            m[i][j] = Y[i]
        coef.append(det(m) / D)
    a, b, c = coef
    return a, b, c, a * target + b * target * target + c


def measure_checkpointed(model, cfg, sizes, check_size, target, t0):
    """diffusers gradient checkpointing, sdpa attention: held bytes and
    the largest recomputed block, fitted a*HW + b*HW^2 + c like the rest."""
    cases, pts, seg_pts = [], [], []
    chk = None
    for s in sizes + [check_size]:
        r = run_case(model, cfg, s, 1, "sdpa", checkpointed=True)
        cases.append(r)
        print(f"  ckpt  latent {s:3d} b1: held {r['act_bytes']:,}  segments {r['segments']}  "
              f"peak extra {r['peak_extra_bytes']:,} ({r['peak_extra_segment']})  "
              f"{r['act_by_dtype']}  [{time.time() - t0:.0f}s]", flush=True)
        if s in sizes:
            pts.append((s * s, r["act_bytes"]))
            seg_pts.append((s * s, r["segment_extra_bytes"]))
        else:
            chk = r
    a, b, c, y = fit(pts, target)
    pc = fit(pts, check_size ** 2)[3]
    # each block's extra is exactly a*HW + b*HW^2 + c: fit each, take the max at the target
    nseg = len(seg_pts[0][1])
    seg_fits = [fit([(hw, v[i]) for hw, v in seg_pts], target) for i in range(nseg)]
    at = [int(f[3]) for f in seg_fits]
    imax = max(range(nseg), key=lambda i: at[i])
    pa, pb, pcst, py = seg_fits[imax]
    seg_chk = [int(fit([(hw, v[i]) for hw, v in seg_pts], check_size ** 2)[3]) for i in range(nseg)]
    r2 = run_case(model, cfg, sizes[0], 2, "sdpa", checkpointed=True)
    cases.append(r2)
    out = {
        "attention": "sdpa",
        "cases": cases,
        "fit": {
            "act_bytes_per_sample": {
                "per_latent_pixel": float(a), "per_latent_pixel_sq": float(b), "constant": float(c),
                "at_latent": int(y), "check_size": check_size, "check_predicted": int(pc),
                "check_measured": chk["act_bytes"]},
            "peak_extra_bytes_per_sample": {
                "segment_index": imax, "segment": chk["segment_names"][imax] + f" at latent {check_size}",
                "per_latent_pixel": float(pa), "per_latent_pixel_sq": float(pb), "constant": float(pcst),
                "at_latent": int(py), "check_size": check_size,
                "check_predicted_max": max(seg_chk), "check_measured_max": chk["peak_extra_bytes"],
                "check_all_segments_exact": seg_chk == chk["segment_extra_bytes"]},
        },
        "batch_check": {"latent": sizes[0], "batch1": cases[0]["act_bytes"], "batch2": r2["act_bytes"],
                        "peak_batch1": cases[0]["peak_extra_bytes"], "peak_batch2": r2["peak_extra_bytes"]},
    }
    print(f"  ckpt: fit held at latent {int(math.isqrt(target))}: {int(y):,} B = {float(y) / 2**30:.3f} GiB "
          f"(check {check_size}: predicted {int(pc):,} measured {chk['act_bytes']:,}); "
          f"peak extra {int(py):,} B = {float(py) / 2**30:.3f} GiB in segment {imax} "
          f"({chk['segment_names'][imax]} at {check_size}); per-segment check "
          f"{'exact' if seg_chk == chk['segment_extra_bytes'] else 'MISMATCH'}; "
          f"batch b1 {cases[0]['act_bytes']:,} b2 {r2['act_bytes']:,}", flush=True)
    return out

CKPT_NOTES = ("checkpointed: diffusers gradient checkpointing (unet.enable_gradient_checkpointing()) "
              "emulated with the real torch.utils.checkpoint(use_reentrant=False) around every "
              "ResnetBlock2D of the down/up blocks and resnets[1:] of the mid block, and around every "
              "BasicTransformerBlock inside Transformer2DModel; sdpa attention. act_bytes = what stays "
              "saved after the forward: tensors saved by the non-checkpointed ops (conv_in, embeddings, "
              "Transformer2D GroupNorm/proj_in/proj_out, down/upsamplers, mid resnets[0], output head, "
              "fp32 loss) plus the tensor arguments each checkpoint keeps alive (hidden states incl. the "
              "up blocks' skip concatenations, temb, encoder states), deduplicated by storage. "
              "peak_extra_bytes = the largest single checkpointed call's saved bytes not already held: "
              "the transient its recomputation adds during backward (gradients not included).")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..",
        "tests", "data", "measured", "unet-cpu.json"))
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--sizes", default="16,24,32")
    ap.add_argument("--check-size", type=int, default=48)
    ap.add_argument("--direct", action="store_true",
                    help="also measure SD 1.5 (both attentions) directly at its 64x64 latent")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--checkpointed-only", action="store_true",
                    help="measure only the gradient-checkpointed variant and add it to the existing --out file")
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    sizes = [int(s) for s in args.sizes.split(",")]
    t0 = time.time()
    results = {}
    if args.checkpointed_only:
        with open(args.out) as f:
            out = json.load(f)
        for key, cfg in CONFIGS.items():
            if args.only and not any(o in key for o in args.only):
                continue
            torch.manual_seed(0)
            model = UNet(cfg)
            latent = cfg["image"] // 8
            print(f"{key}: checkpointed, latent {latent}", flush=True)
            out["models"][key]["checkpointed"] = measure_checkpointed(
                model, cfg, sizes, args.check_size, latent * latent, t0)
            del model
        out["checkpointed_notes"] = CKPT_NOTES
        out["checkpointed_runtime_seconds"] = round(time.time() - t0, 1)
        out["checkpointed_date"] = datetime.datetime.utcnow().replace(microsecond=0).isoformat() + "Z"
        with open(args.out, "w") as f:
            json.dump(out, f, indent=2)
            f.write("\n")
        print(f"updated {os.path.normpath(args.out)} in {out['checkpointed_runtime_seconds']} s")
        return 0
    for key, cfg in CONFIGS.items():
        if args.only and not any(o in key for o in args.only):
            continue
        torch.manual_seed(0)
        model = UNet(cfg)
        params = sum(p.numel() for p in model.parameters())
        print(f"{key}: params {params:,} (published {cfg['params']:,})", flush=True)
        assert params == cfg["params"], (key, params)
        latent = cfg["image"] // 8
        target = latent * latent
        entry = {"model": cfg["name"], "params": params, "image_size": cfg["image"],
                 "latent_size": latent, "cases": [], "fits": {}}
        for attn in ("sdpa", "eager"):
            pts, pts_m = [], []
            for s in sizes + [args.check_size]:
                r = run_case(model, cfg, s, 1, attn)
                entry["cases"].append(r)
                print(f"  {attn:5s} latent {s:3d} b1: act {r['act_bytes']:,}  (loss {r['loss_bytes']})  "
                      f"MACs {r['forward_macs']:,}  {r['act_by_dtype']}  [{time.time() - t0:.0f}s]",
                      flush=True)
                if s in sizes:
                    pts.append((s * s, r["act_bytes"]))
                    pts_m.append((s * s, r["forward_macs"]))
                else:
                    chk, chk_m = r["act_bytes"], r["forward_macs"]
            a, b, c, y = fit(pts, target)
            am, bm, cm, ym = fit(pts_m, target)
            pc = fit(pts, args.check_size ** 2)[3]
            pcm = fit(pts_m, args.check_size ** 2)[3]
            entry["fits"][attn] = {
                "act_bytes_per_sample": {"per_latent_pixel": float(a), "per_latent_pixel_sq": float(b),
                                         "constant": float(c), "at_latent": int(y),
                                         "check_size": args.check_size, "check_predicted": int(pc),
                                         "check_measured": chk},
                "forward_macs": {"per_latent_pixel": float(am), "per_latent_pixel_sq": float(bm),
                                 "constant": float(cm), "at_latent": int(ym),
                                 "check_predicted": int(pcm), "check_measured": chk_m},
            }
            print(f"  {attn}: fit act at latent {latent}: {int(y):,} B = {float(y) / 2**30:.3f} GiB; "
                  f"check {args.check_size}: predicted {int(pc):,} measured {chk:,}; "
                  f"MACs at {latent}: {int(ym):,} (GFLOPs {2 * float(ym) / 1e9:.1f}); "
                  f"check {int(pcm):,} vs {chk_m:,}", flush=True)
        # linearity in batch
        r2 = run_case(model, cfg, sizes[0], 2, "sdpa")
        entry["cases"].append(r2)
        r1 = next(c for c in entry["cases"] if c["latent"] == sizes[0] and c["attention"] == "sdpa")
        entry["batch_check"] = {"latent": sizes[0], "batch1": r1["act_bytes"], "batch2": r2["act_bytes"]}
        print(f"  batch check latent {sizes[0]}: b1 {r1['act_bytes']:,}  b2 {r2['act_bytes']:,}", flush=True)
        if args.direct and key == "sd15":
            entry["direct"] = {}
            for attn in ("sdpa", "eager"):
                r = run_case(model, cfg, latent, 1, attn)
                entry["cases"].append(r)
                entry["direct"][attn] = {"latent": latent, "act_bytes": r["act_bytes"],
                                         "forward_macs": r["forward_macs"]}
                print(f"  direct {attn} latent {latent}: act {r['act_bytes']:,} "
                      f"MACs {r['forward_macs']:,}  {r['act_by_dtype']}  [{time.time() - t0:.0f}s]",
                      flush=True)
        entry["checkpointed"] = measure_checkpointed(model, cfg, sizes, args.check_size, target, t0)
        results[key] = entry
        del model
    out = {
        "tool": TOOL,
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "machine": {"system": platform.system(), "release": platform.release(),
                    "machine": platform.machine(), "cpu_count": os.cpu_count(),
                    "torch_threads": torch.get_num_threads()},
        "device": "cpu",
        "date": datetime.datetime.utcnow().replace(microsecond=0).isoformat() + "Z",
        "runtime_seconds": round(time.time() - t0, 1),
        "notes": ("Exact bytes of the tensors autograd saves for backward in one training forward "
                  "(saved_tensors_hooks, deduplicated by storage), batch 1, CUDA-autocast precision "
                  "emulated with bf16 (convs/linears/matmuls 16-bit, group_norm/layer_norm/softmax fp32). "
                  "Parameters and cast copies of weights excluded; act_bytes includes the fp32 MSE loss "
                  "inputs (loss_bytes). 'sdpa' = flash/memory-efficient attention (saves q, k, v, out, "
                  "fp32 logsumexp); 'eager' = diffusers AttnProcessor (saves fp32 softmax + 16-bit copy). "
                  "fits: y = a*HW + b*HW^2 + c through the latent sizes given, evaluated at the preset's "
                  "latent and checked at check_size. forward_macs counts conv, linear and attention "
                  "matmul multiply-accumulates (GFLOPs = 2 x MACs)."),
        "checkpointed_notes": CKPT_NOTES,
        "sizes": sizes,
        "models": results,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    print(f"wrote {os.path.normpath(args.out)} in {out['runtime_seconds']} s")


if __name__ == "__main__":
    sys.exit(main())
