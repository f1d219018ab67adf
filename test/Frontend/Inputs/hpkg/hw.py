# Host code: values of the device, which tilec cannot compute.
import torch

IS_NEW_GPU = torch.cuda.get_device_capability()[0] >= 10
